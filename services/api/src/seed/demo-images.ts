/** A demo picture: a football pitch or a basketball court, a ball, and a caption banner. */
export type DemoScene = {
  kind: 'pitch' | 'court';
  caption: string;
  /** The banner's colour (the club's). */
  accent: string;
};

const W = 1200;
const H = 800;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function pitch() {
  const stripes = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="${i * 150}" y="0" width="150" height="${H}" fill="${i % 2 ? '#2e8b47' : '#34a052'}"/>`,
  ).join('');
  return `${stripes}
    <g fill="none" stroke="#f4f4f4" stroke-width="6">
      <rect x="60" y="60" width="${W - 120}" height="${H - 120}"/>
      <line x1="${W / 2}" y1="60" x2="${W / 2}" y2="${H - 60}"/>
      <circle cx="${W / 2}" cy="${H / 2}" r="110"/>
      <rect x="60" y="230" width="170" height="340"/>
      <rect x="${W - 230}" y="230" width="170" height="340"/>
    </g>
    <circle cx="${W / 2}" cy="${H / 2}" r="8" fill="#f4f4f4"/>
    <g transform="translate(760 470)">
      <circle r="46" fill="#fff" stroke="#222" stroke-width="4"/>
      <polygon points="0,-18 17,-6 11,15 -11,15 -17,-6" fill="#222"/>
    </g>`;
}

function court() {
  return `<rect width="${W}" height="${H}" fill="#c8894f"/>
    ${Array.from({ length: 16 }, (_, i) => `<line x1="0" y1="${i * 50}" x2="${W}" y2="${i * 50}" stroke="#b97a42" stroke-width="3"/>`).join('')}
    <g fill="none" stroke="#fdfdfd" stroke-width="6">
      <rect x="60" y="60" width="${W - 120}" height="${H - 120}"/>
      <line x1="${W / 2}" y1="60" x2="${W / 2}" y2="${H - 60}"/>
      <circle cx="${W / 2}" cy="${H / 2}" r="90"/>
      <rect x="60" y="290" width="230" height="220" fill="#1f4e8c" fill-opacity="0.55"/>
      <path d="M60 130 A 290 290 0 0 1 60 670"/>
    </g>
    <g transform="translate(700 360)">
      <circle r="52" fill="#e66a1f" stroke="#3a1d0a" stroke-width="4"/>
      <path d="M-52 0 H52 M0 -52 V52 M-37 -37 Q0 0 -37 37 M37 -37 Q0 0 37 37" stroke="#3a1d0a" stroke-width="4" fill="none"/>
    </g>`;
}

/** Renders the scene as a JPEG the upload path then re-encodes like any phone picture. */
export async function renderDemoScene(scene: DemoScene): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    ${scene.kind === 'pitch' ? pitch() : court()}
    <rect x="0" y="${H - 130}" width="${W}" height="130" fill="${scene.accent}" fill-opacity="0.92"/>
    <text x="48" y="${H - 50}" font-family="DejaVu Sans, sans-serif" font-size="54" font-weight="700"
      fill="#ffffff">${escapeXml(scene.caption)}</text>
  </svg>`;
  // Imported when a seed draws (dev and tests; a built start copies the pictures: decision 68).
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A demo profile picture: initials on the club's or player's colours (a "photo" to show). */
export async function renderDemoAvatar(
  initials: string,
  from: string,
  to: string,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <text x="256" y="300" text-anchor="middle" font-family="DejaVu Sans, sans-serif"
      font-size="190" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
  </svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}
