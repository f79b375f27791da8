// The chart drawing itself, in its own lazy chunk with Chart.js (tree-shaken to the bar and line
// parts): nothing of it loads before a dashboard is shown. The canvas is an image whose name is the
// chart's one-sentence summary; the numbers are in the table view beside it.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';
import type { ChartSpec } from './portfolio-data';

Chart.register(BarController, BarElement, CategoryScale, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip);

// Colours that keep 3:1 against white and the dark surface, told apart by more than hue (the table view covers the rest).
const PALETTE = ['#2456c7', '#c2410c', '#117a45', '#7c3aed', '#b42318', '#0e7490', '#a16207', '#be185d'];

function tick(unit: ChartSpec['unit']): (value: number | string) => string {
  if (unit === 'money') return (value) => `$${Number(value).toLocaleString()}`;
  if (unit === 'percent') return (value) => `${String(value)} %`;
  return (value) => String(value);
}

/** Draws one chart spec on a canvas. */
export function ChartCanvas({ spec }: { spec: ChartSpec }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    const element = canvas.current;
    if (element === null) return;
    const stacked = spec.kind === 'stacked-bar';
    const chart = new Chart(element, {
      type: spec.kind === 'line' ? 'line' : 'bar',
      data: {
        labels: [...spec.labels],
        datasets: spec.series.map((series, index) => ({
          label: series.label,
          data: [...series.values],
          backgroundColor: PALETTE[index % PALETTE.length],
          borderColor: PALETTE[index % PALETTE.length],
          borderDash: spec.kind === 'line' && index > 0 ? [6, 4] : [],
          pointRadius: spec.kind === 'line' ? 2 : undefined,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: spec.series.length > 1, position: 'bottom' } },
        scales: { x: { stacked }, y: { stacked, beginAtZero: true, ticks: { callback: tick(spec.unit) } } },
      },
    });
    return () => chart.destroy();
  }, [spec]);
  return (
    <div className="chart__canvas">
      <canvas ref={canvas} role="img" aria-label={`${spec.title}: ${spec.summary}`} />
    </div>
  );
}
