import './presets.css';

/**
 * Ready-made inputs. A preset is { label, input } (text to solve) or
 * { label, random: { n, avgDegree } } (a graph the C library makes).
 */
export function Presets({ presets, onPick }) {
  return (
    <div class="presets" role="group" aria-label="Example graphs">
      <span class="presets__label" aria-hidden="true">
        Examples:
      </span>
      {presets.map((preset) => (
        <button type="button" key={preset.label} onClick={() => onPick(preset)}>
          {preset.label}
        </button>
      ))}
    </div>
  );
}
