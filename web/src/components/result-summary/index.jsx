import { answerWords } from '../../lib/outcomes.js';
import { formatCount, formatMs, formatShort } from '../../lib/format.js';
import './result-summary.css';

/** The answer in words, the progress while solving, and the solver's counts. */
export function ResultSummary({ result, solving, progress, stale }) {
  return (
    <section class="summary" aria-labelledby="answer-heading">
      <h2 class="summary__heading" id="answer-heading">
        Answer
      </h2>
      <p class="summary__answer">
        <strong data-testid="answer" aria-live="polite">
          {result ? answerWords(result.answer) : ''}
        </strong>
        {result && (
          <span class="summary__output">
            LeetCode output <code data-testid="answer-code">{result.answer}</code>
          </span>
        )}
      </p>
      {solving && (
        <p class="summary__progress" role="status" data-testid="progress">
          <progress aria-label="Solving" />
          <span>
            Solving…
            {progress && ` ${formatShort(progress.relaxations)} relaxations so far`}
          </span>
        </p>
      )}
      {result && (
        <p class="summary__stats" data-testid="stats">
          {formatCount(result.stats.states)} states · {formatCount(result.stats.relaxations)}{' '}
          relaxations · {formatMs(result.ms ?? 0)}
        </p>
      )}
      {result && stale && (
        <p class="summary__stale">Still showing the result for the last valid graph.</p>
      )}
    </section>
  );
}
