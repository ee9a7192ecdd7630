/** Construction-site views of B TOWER for the half-year progress carousels. */
import { P, gradient, skyline, svg, tower, trees } from './building-parts.ts';

const W = 1200;
const H = 900;

/** dig: excavation and basement; frame: structure rising; skin: curtain wall; finish: complete. */
export type Stage = 'dig' | 'frame' | 'skin' | 'finish';

/** Five viewpoints per stage: the tower's position, the ground line and how far it has risen. */
const VIEWS = [
  { dx: -120, ground: 700, frame: 4, basement: 1 },
  { dx: 0, ground: 730, frame: 7, basement: 2 },
  { dx: 120, ground: 760, frame: 10, basement: 3 },
  { dx: -60, ground: 715, frame: 5, basement: 2 },
  { dx: 60, ground: 745, frame: 9, basement: 3 },
] as const;

export function constructionSite(stage: Stage, view: number): string {
  const { dx, ground, frame, basement } = VIEWS[view]!;
  const defs = gradient('sky', '#a9cbe8', '#eef4fa') + gradient('glass', P.glassDay, P.glassLight) + gradient('net', '#15803d', '#166534', true, [0.45, 0.55]);
  const cx = 600 + dx;
  const fh = 30;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + skyline(W, ground, '#c3d3e2', 20 + view);
  body += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="#a8916f"/>`;
  body += `<path d="M0 ${ground - 40} H${W}" stroke="#f59e0b" stroke-width="6" stroke-dasharray="30 20"/><rect y="${ground - 60}" width="${W}" height="60" fill="#e2e8f0" opacity=".85"/>`;
  if (stage === 'dig') {
    body += `<polygon points="${cx - 330},${ground} ${cx + 330},${ground} ${cx + 290},${ground + 150} ${cx - 290},${ground + 150}" fill="#6b5a45"/>`;
    for (let x = cx - 330; x < cx + 340; x += 60) body += `<rect x="${x}" y="${ground - 10}" width="12" height="170" fill="#64748b"/>`;
    if (view !== 1) {
      body += `<g transform="translate(${cx - 120} ${ground + 40})"><rect width="140" height="60" rx="8" fill="#f59e0b"/><rect x="20" y="-50" width="70" height="55" fill="#f59e0b"/><path d="M130 10 L230 -60 L280 30" stroke="#b45309" stroke-width="16" fill="none"/><rect x="-10" y="60" width="160" height="26" rx="12" fill="#1f2937"/></g>`;
    }
    body += tower({ cx, ground: ground + 150, floorHeight: fh, width: 560, built: basement, glass: false });
    body += `<path d="M${cx + 380} ${ground} V${ground - 450} M${cx + 260} ${ground - 450} H${cx + 620}" stroke="${P.brass}" stroke-width="12"/>`;
  } else if (stage === 'frame') {
    body += tower({ cx, ground, floorHeight: fh, width: 420, built: frame, crane: true, scaffold: view !== 0, glass: false });
  } else if (stage === 'skin') {
    body += tower({ cx, ground, floorHeight: fh, width: 420, crane: view % 3 !== 2, scaffold: view % 3 === 0 });
  } else {
    body += tower({ cx, ground, floorHeight: fh, width: 420 }) + trees([cx - 400, cx + 400], ground, '#6b9e78');
  }
  return svg(W, H, body, defs);
}
