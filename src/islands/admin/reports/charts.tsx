import { useEffect, useId } from 'react';

/**
 * The reports' charts: plain SVG drawn from the numbers, no library (decision 032). Colours and type come
 * from classes (the admin page's policy forbids style attributes), sizes from SVG attributes; the SVG is
 * scaled by its viewBox. Each is an image with a title for screen readers: the table beside it carries the
 * numbers themselves. Every number a chart prints is the table's cell as the table shows it (figures.ts), and
 * its axis says what it counts.
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
  /** The value as the table shows it (the same rounding, the same language). */
  shown: string;
}

/** What the value axis counts ("건수", "공실 면적 비율") and its largest value as the table would show it. */
export interface Axis {
  title: string;
  max: number;
  maxShown: string;
}

const BAR_HEIGHT = 28;
const LABEL_WIDTH = 150;
const WIDTH = 560;
const AXIS_HEIGHT = 36;

/** Horizontal bars, one per label (stages, channels, floors…): long labels fit, and it reads on a phone. */
export function BarChart({ title, bars, axis }: { title: string; bars: Bar[]; axis: Axis }) {
  useFirstPaint();
  const id = useId();
  const plot = Math.max(1, bars.length) * BAR_HEIGHT + 8;
  const room = WIDTH - LABEL_WIDTH - 70;
  const scale = axis.max > 0 ? axis.max : 1;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${plot + AXIS_HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={id} data-chart="bar">
      <title id={id}>{`${title} (${axis.title})`}</title>
      {bars.map((bar, index) => {
        const y = index * BAR_HEIGHT + 4;
        const width = (bar.value / scale) * room;
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
      {/* The value axis: from 0 to the largest value, named for what it counts. */}
      <line x1={LABEL_WIDTH} x2={LABEL_WIDTH + room} y1={plot} y2={plot} className="stroke-line" strokeWidth={1} />
      <text x={LABEL_WIDTH} y={plot + 14} textAnchor="middle" className="fill-muted text-[12px]">0</text>
      <text x={LABEL_WIDTH + room} y={plot + 14} textAnchor="middle" className="fill-muted text-[12px]">{axis.maxShown}</text>
      <text x={LABEL_WIDTH + room / 2} y={plot + 30} textAnchor="middle" className="fill-ink-soft text-[12px]" data-axis="value">{axis.title}</text>
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
const GUTTER = 56;

/**
 * Columns over time (weeks or months), with an optional second series drawn inside the first. The value axis
 * is at the left (0 and its largest value) under its title; `legend` names the back and front series.
 */
export function ColumnChart({ title, columns, axis, legend }: { title: string; columns: Column[]; axis: Axis; legend?: { back: string; front: string } }) {
  useFirstPaint();
  const id = useId();
  const top = legend ? 40 : 24;
  const scale = axis.max > 0 ? axis.max : 1;
  const room = WIDTH - GUTTER;
  const step = room / Math.max(1, columns.length);
  const width = Math.max(2, step * 0.7);
  const labelEvery = Math.ceil(columns.length / 8);
  const y = (value: number) => top + PLOT_HEIGHT - (value / scale) * (PLOT_HEIGHT - 8);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${top + PLOT_HEIGHT + 28}`} className="h-auto w-full" role="img" aria-labelledby={id} data-chart="columns">
      <title id={id}>{`${title} (${axis.title})`}</title>
      <text x={0} y={14} className="fill-ink-soft text-[12px]" data-axis="value">{axis.title}</text>
      {legend && (
        <g className="text-[12px]">
          <rect x={0} y={22} width={10} height={10} className="fill-brass-soft stroke-brass" strokeWidth={1} />
          <text x={14} y={31} className="fill-ink-soft">{legend.back}</text>
          <rect x={120} y={22} width={10} height={10} className="fill-brass-strong" />
          <text x={134} y={31} className="fill-ink-soft">{legend.front}</text>
        </g>
      )}
      <text x={GUTTER - 6} y={y(axis.max) + 4} textAnchor="end" className="fill-muted text-[12px]">{axis.maxShown}</text>
      <text x={GUTTER - 6} y={top + PLOT_HEIGHT + 4} textAnchor="end" className="fill-muted text-[12px]">0</text>
      <line x1={GUTTER} x2={WIDTH} y1={top + PLOT_HEIGHT} y2={top + PLOT_HEIGHT} className="stroke-line" strokeWidth={1} />
      <line x1={GUTTER} x2={WIDTH} y1={y(axis.max)} y2={y(axis.max)} className="stroke-line" strokeWidth={1} strokeDasharray="3 3" />
      {columns.map((column, index) => {
        const x = GUTTER + index * step + (step - width) / 2;
        const back = top + PLOT_HEIGHT - y(column.value);
        const front = top + PLOT_HEIGHT - y(column.front ?? 0);
        return (
          <g key={`${column.label}-${index}`}>
            <rect x={x} y={top + PLOT_HEIGHT - back} width={width} height={back} className="fill-brass-soft stroke-brass" strokeWidth={1} />
            {column.front !== undefined && <rect x={x} y={top + PLOT_HEIGHT - front} width={width} height={front} className="fill-brass-strong" />}
            {index % labelEvery === 0 && (
              <text x={x + width / 2} y={top + PLOT_HEIGHT + 18} textAnchor="middle" className="fill-muted text-[12px]">
                {column.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
