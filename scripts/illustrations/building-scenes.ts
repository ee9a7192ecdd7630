/** The about/architecture/home scenes: façade by day and night, entrance, rooftop, interiors, parking. */
import { P, car, gradient, people, skyline, svg, tower, trees } from './building-parts.ts';

const W = 1600;
const H = 1000;
const LED = gradient('led', P.brass, '#7c3aed', false);
const CAR_COLOURS = [P.brass, '#334155', '#f8fafc', '#7c1d1d', '#1e3a5f', '#64748b'];

export function facade(night: boolean): string {
  const defs = gradient('sky', night ? P.night : '#a9cbe8', night ? '#1e2a4a' : '#eef4fa') + gradient('glass', night ? '#1c3355' : P.glassDay, night ? '#0f1f38' : P.glassLight) + LED;
  const stars = [[120, 80], [300, 160], [520, 60], [1180, 120], [1420, 70], [1500, 210], [860, 40]];
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += night ? stars.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1.6" fill="#fff" opacity=".7"/>`).join('') : '<circle cx="1330" cy="150" r="60" fill="#fff7e0" opacity=".9"/>';
  body += skyline(W, 880, night ? '#16223a' : '#c3d3e2', 3);
  body += tower({ cx: 800, ground: 880, floorHeight: 52, width: 420, night });
  body += `<rect y="880" width="${W}" height="120" fill="${night ? '#111827' : '#cbd5e1'}"/><rect y="930" width="${W}" height="6" fill="${night ? '#334155' : '#f8fafc'}"/>`;
  body += trees([160, 300, 1300, 1450], 880, night ? '#1f3b2d' : '#6b9e78') + people([520, 560, 1060, 1110], 900, night ? '#475569' : P.ink);
  return svg(W, H, body, defs);
}

export function entrance(): string {
  const defs = gradient('glass', P.glassDay, P.glassLight) + gradient('sky', '#f6ecd9', '#fff');
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/><rect x="200" y="120" width="1200" height="760" fill="url(#glass)"/>`;
  for (let i = 0; i < 9; i++) body += `<rect x="${200 + i * 150}" y="120" width="10" height="760" fill="${P.brass}"/>`;
  body += '<rect x="560" y="420" width="480" height="460" fill="#0f1f38"/><rect x="570" y="430" width="225" height="450" fill="#1c3355"/><rect x="805" y="430" width="225" height="450" fill="#1c3355"/>';
  body += `<rect x="160" y="80" width="1280" height="40" fill="${P.brass}"/><text x="800" y="360" font-family="sans-serif" font-weight="800" font-size="64" letter-spacing="14" fill="${P.ink}" text-anchor="middle">B TOWER</text>`;
  body += `<rect y="880" width="${W}" height="120" fill="#cbd5e1"/>` + trees([90, 1510], 880, '#6b9e78') + people([430, 470, 1150], 900, P.ink);
  return svg(W, H, body, defs);
}

export function rooftop(): string {
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + skyline(W, 700, '#94a3b8', 11) + `<rect y="700" width="${W}" height="300" fill="#d6c7a8"/>`;
  body += [120, 520, 920, 1320].map((x) => `<rect x="${x}" y="720" width="220" height="60" rx="10" fill="#5f8f6b"/>`).join('');
  body += trees([230, 630, 1030, 1430], 760, '#3f7a55') + `<rect x="0" y="680" width="${W}" height="20" fill="${P.brass}"/>`;
  body += [330, 760, 1180].map((x) => `<rect x="${x}" y="820" width="140" height="16" rx="6" fill="#8a5d12"/><rect x="${x + 10}" y="836" width="8" height="40" fill="#8a5d12"/><rect x="${x + 122}" y="836" width="8" height="40" fill="#8a5d12"/>`).join('');
  return svg(W, H, body + people([300, 820, 1250], 900, P.ink), gradient('sky', '#f4b183', '#a9cbe8'));
}

/** A room in one-point perspective; `content` is drawn on its back wall and floor. */
function room(wall: string, floor: string, content: string): string {
  const defs = gradient('floor', floor, P.ink) + LED + gradient('glass', P.glassDay, P.glassLight);
  let body = `<rect width="${W}" height="${H}" fill="${wall}"/><polygon points="0,0 ${W},0 1200,200 400,200" fill="#e2e8f0"/>`;
  body += `<polygon points="0,${H} ${W},${H} 1200,760 400,760" fill="url(#floor)"/><polygon points="0,0 400,200 400,760 0,${H}" fill="#000" opacity=".12"/><polygon points="${W},0 1200,200 1200,760 ${W},${H}" fill="#000" opacity=".18"/>`;
  for (let x = 300; x < 1400; x += 150) body += `<circle cx="${x}" cy="110" r="10" fill="#fff7e0"/>`;
  return svg(W, H, body + content, defs);
}

export const lobby = () =>
  room('#334155', '#94a3b8', '<rect x="440" y="230" width="720" height="405" rx="6" fill="url(#led)"/><circle cx="800" cy="432" r="90" fill="#fff" opacity=".18"/><path d="M480 560 Q 640 420 800 520 T 1120 460" stroke="#fff" stroke-width="6" fill="none" opacity=".5"/>' + `<rect x="700" y="680" width="200" height="80" fill="${P.brass}"/>` + people([560, 600, 980, 1040], 900, P.ink));

export const atrium = () =>
  room('#f1f5f9', '#cbd5e1', [0, 1, 2, 3].map((i) => `<rect x="${430 + i * 190}" y="260" width="160" height="480" fill="url(#glass)"/><rect x="${430 + i * 190}" y="240" width="160" height="24" fill="${P.brass}"/>`).join('') + people([520, 760, 1100], 930, P.ink) + trees([200, 1400], 980, '#5f8f6b'));

export const office = () =>
  room('#e2e8f0', '#cbd5e1', '<rect x="400" y="200" width="800" height="420" fill="#a9cbe8"/>' + `<g transform="translate(400 0)">${skyline(800, 620, '#7b93ab', 5)}</g>` + [260, 660, 1060].map((x) => `<rect x="${x}" y="700" width="260" height="16" fill="#f8fafc"/><rect x="${x + 20}" y="716" width="10" height="120" fill="#94a3b8"/><rect x="${x + 230}" y="716" width="10" height="120" fill="#94a3b8"/><rect x="${x + 90}" y="640" width="80" height="56" rx="4" fill="${P.ink}"/>`).join('') + people([350, 760, 1170], 900, '#334155'));

export function parkingUnderground(): string {
  let body = `<rect width="${W}" height="${H}" fill="#1e293b"/><polygon points="0,${H} ${W},${H} 1100,600 500,600" fill="#475569"/><rect width="${W}" height="90" fill="${P.ink}"/>`;
  body += [[120, 70, 860], [1410, 70, 860], [470, 40, 510], [1090, 40, 510]].map(([x, w, h]) => `<rect x="${x}" y="90" width="${w}" height="${h}" fill="#94a3b8"/>`).join('');
  for (let x = 260; x < 1400; x += 260) body += `<rect x="${x}" y="100" width="120" height="10" fill="#fef3c7"/>`;
  body += car(150, 760, CAR_COLOURS[0]!, 1.2) + car(1150, 760, CAR_COLOURS[2]!, 1.2) + car(560, 560, CAR_COLOURS[4]!, 0.7) + car(870, 560, CAR_COLOURS[1]!, 0.7);
  body += `<path d="M800 ${H} L800 620" stroke="#fde047" stroke-width="8" stroke-dasharray="40 30"/><text x="800" y="300" font-family="sans-serif" font-size="80" font-weight="800" fill="#fde047" text-anchor="middle">B2</text>`;
  return svg(W, H, body);
}

export function parkingMechanical(): string {
  let body = `<rect width="${W}" height="${H}" fill="#e2e8f0"/>`;
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 4; col++) {
      const x = 160 + col * 330;
      const y = 80 + row * 220;
      body += `<rect x="${x - 20}" y="${y + 130}" width="300" height="14" fill="#475569"/>` + car(x + 20, y + 30, CAR_COLOURS[(row * 4 + col) % 6]!);
    }
  }
  body += [120, 450, 780, 1110, 1440].map((x) => `<rect x="${x}" y="40" width="18" height="920" fill="${P.brass}"/>`).join('');
  return svg(W, H, body);
}

export function parkingEv(): string {
  let body = `<rect width="${W}" height="${H}" fill="#1e293b"/><rect y="760" width="${W}" height="240" fill="#475569"/>`;
  [200, 640, 1080].forEach((x, i) => {
    body += `<rect x="${x + 250}" y="520" width="70" height="240" rx="10" fill="#f8fafc"/><rect x="${x + 262}" y="545" width="46" height="60" rx="6" fill="#16a34a"/><path d="M${x + 285} 560 l-10 22 h14 l-10 22" stroke="#fff" stroke-width="5" fill="none"/>`;
    body += `<path d="M${x + 285} 700 C ${x + 285} 800, ${x + 200} 760, ${x + 190} 720" stroke="${P.ink}" stroke-width="8" fill="none"/>` + car(x - 20, 650, CAR_COLOURS[i + 2]!);
    body += `<rect x="${x - 40}" y="880" width="300" height="8" fill="#22c55e"/>`;
  });
  body += '<text x="800" y="260" font-family="sans-serif" font-size="110" font-weight="800" fill="#22c55e" text-anchor="middle" opacity=".85">EV</text>';
  return svg(W, H, body);
}
