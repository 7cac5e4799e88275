// work-row: a control shown while work runs, beside the work's progress.
// A person's click is a press and a release on the same element: a control
// that moves between the two, because the progress beside it wrapped to one
// more line, loses the click. So the controls have a column of their own at
// the row's top, and the progress words wrap in the column beside them to
// as many lines as they need without moving them; each line of words keeps
// the room of the longest message it can show, so what sits below the row
// does not move either.
import './work-row.css';

/**
 * `controls` (buttons) in their own column, top-aligned; the children (the
 * progress: bars, ProgressWords) in the column beside it, one under the
 * other. Other props go to the row's element (class, data-testid, role, data-*).
 */
export function WorkRow({ controls, children, class: cls = '', ...rest }) {
  return (
    <div class={`work-row ${cls}`.trim()} {...rest}>
      <div class="work-row__controls">{controls}</div>
      <div class="work-row__progress">{children}</div>
    </div>
  );
}

/**
 * A line of progress words that keeps, from its first message on, the
 * height of the tallest of `room` at the width it has (the longest message
 * of each phase, with the largest numbers: the formatting functions in
 * web/src/lib), so it does not grow or shrink as messages arrive. The room
 * is drawn invisibly in the same place from an attribute, outside the
 * text and the accessibility tree. `as`: the element ('p', or 'span'
 * inside a button). Other props go to the element.
 */
export function ProgressWords({ room = [], as: Tag = 'p', children, class: cls = '', ...rest }) {
  return (
    <Tag class={`progress-words ${cls}`.trim()} {...rest}>
      <span class="progress-words__live">{children}</span>
      {room.map((words) => (
        <span class="progress-words__room" aria-hidden="true" data-room={words} key={words} />
      ))}
    </Tag>
  );
}
