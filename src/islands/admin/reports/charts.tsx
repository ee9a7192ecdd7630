import { useEffect, useId } from 'react';

/**
 * The reports' charts: plain SVG drawn from the numbers, no library (decision 032). Colours and type come
 * from classes (the admin page's policy forbids style attributes), sizes from SVG attributes; the SVG is
 * scaled by its viewBox. Each is an image with a title for screen readers: the table beside it carries the
 * numbers themselves.
 */

let painted = false;
/** Marks the first chart drawn after the tab opened (npm run bench reads it). */
function useFirstPaint() {
  useEffect(() => {
    if (painted) return;
    painted = true;
    requestAnimationFrame(() => performance.mark('reports:first-chart'));
  }, []);
}

export interface Bar {
  label: string;
  value: number;
  /** The value as the reader reads it (formatted in their language). */
  shown: string;
}

const BAR_HEIGHT = 28;
const LABEL_WIDTH = 150;
const WIDTH = 560;

/** Horizontal bars, one per label (stages, channels, floors…): long labels fit, and it reads on a phone. */
export function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  useFirstPaint();
  const id = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const height = Math.max(1, bars.length) * BAR_HEIGHT + 8;
  const room = WIDTH - LABEL_WIDTH - 70;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" role="img" aria-labelledby={id} data-chart="bar">
      <title id={id}>{title}</title>
      {bars.map((bar, index) => {
        const y = index * BAR_HEIGHT + 4;
        const width = (bar.value / max) * room;
        return (
          <g key={`${bar.label}-${index}`}>
            <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT / 2} textAnchor="end" dominantBaseline="middle" className="fill-ink-soft text-[13px]">
              {bar.label.length > 20 ? `${bar.label.slice(0, 19)}…` : bar.label}
            </text>
            <rect x={LABEL_WIDTH} y={y + 4} width={Math.max(width, bar.value > 0 ? 2 : 0)} height={BAR_HEIGHT - 8} rx={3} className="fill-brass" />
            <text x={LABEL_WIDTH + width + 6} y={y + BAR_HEIGHT / 2} dominantBaseline="middle" className="fill-ink text-[13px] font-semibold">
              {bar.shown}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export interface Column {
  label: string;
  /** The back bar (e.g. inquiries) and an optional front bar (e.g. won), on one scale. */
  value: number;
  front?: number;
}

const PLOT_HEIGHT = 160;

/** Columns over time (weeks or months), with an optional second series drawn inside the first. */
export function ColumnChart({ title, columns, max: fixedMax }: { title: string; columns: Column[]; max?: number }) {
  useFirstPaint();
  const id = useId();
  const max = fixedMax ?? Math.max(1, ...columns.map((column) => column.value));
  const step = WIDTH / Math.max(1, columns.length);
  const width = Math.max(2, step * 0.7);
  const labelEvery = Math.ceil(columns.length / 8);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${PLOT_HEIGHT + 28}`} className="h-auto w-full" role="img" aria-labelledby={id} data-chart="columns">
      <title id={id}>{title}</title>
      <line x1={0} x2={WIDTH} y1={PLOT_HEIGHT} y2={PLOT_HEIGHT} className="stroke-line" strokeWidth={1} />
      {columns.map((column, index) => {
        const x = index * step + (step - width) / 2;
        const back = (column.value / max) * (PLOT_HEIGHT - 8);
        const front = ((column.front ?? 0) / max) * (PLOT_HEIGHT - 8);
        return (
          <g key={`${column.label}-${index}`}>
            <rect x={x} y={PLOT_HEIGHT - back} width={width} height={back} className="fill-brass-soft stroke-brass" strokeWidth={1} />
            {column.front !== undefined && <rect x={x} y={PLOT_HEIGHT - front} width={width} height={front} className="fill-brass-strong" />}
            {index % labelEvery === 0 && (
              <text x={x + width / 2} y={PLOT_HEIGHT + 18} textAnchor="middle" className="fill-muted text-[12px]">
                {column.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
