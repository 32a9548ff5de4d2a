import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { BRAND_NAME } from '@aprendiz/contract/brand';
import type { Certificate } from '@aprendiz/contract/certificates';
import { formatMinutes } from '@aprendiz/contract/rules/duration';
import { fontBytes, runsOf, visualOrder, type FontWeight, type TextRun } from './certificate-fonts';

const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });

/** Raised whenever the page's layout or fonts change: every stored PDF is then made again. */
export const CERTIFICATE_LAYOUT_VERSION = 4;

export function certificateUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/certificate/${encodeURIComponent(id)}`;
}

/** A hash of everything the PDF prints: the same hash, the same PDF. */
export function certificateContentHash(id: string, certificate: Certificate): string {
  const printed = JSON.stringify([
    CERTIFICATE_LAYOUT_VERSION,
    id,
    certificate.name,
    certificate.courseTitle,
    certificate.educatorName,
    certificate.minutes,
    certificate.completedAt,
    certificate.quizzes,
    certificate.url,
  ]);
  return createHash('sha256').update(printed).digest('base64url');
}

/**
 * The app's logo (client/public/icons/logo.svg, a test holds them equal) as shapes on its 64-unit
 * square: pdfkit draws SVG paths but not SVG files.
 */
export const LOGO = {
  viewBox: 64,
  background: { radius: 14, fill: '#2563eb' },
  fills: [
    { d: 'M32 14 8 25l24 11 24-11-24-11Z', fill: '#fff' },
    { d: 'M18 31v10c0 4 6.3 8 14 8s14-4 14-8V31l-14 6.4L18 31Z', fill: '#cffafe' },
  ],
  stroke: { d: 'M52 26v13', stroke: '#fff', width: 3 },
  dot: { cx: 52, cy: 41, r: 3, fill: '#fff' },
} as const;

const MARGIN = 56;

interface LineStyle {
  weight: FontWeight;
  size: number;
  color: string;
  /** Lines the text may take before it is set smaller. */
  maxLines?: number;
}

type Doc = PDFKit.PDFDocument;

/**
 * Draws centred text in as many scripts as it holds: each run in the family that has its glyphs
 * (pdfkit has no font fallback of its own), set smaller and then wrapped when it does not fit.
 */
function createWriter(doc: Doc) {
  const registered = new Set<string>();
  const use = (run: TextRun, size: number) => {
    if (!registered.has(run.face.name)) {
      doc.registerFont(run.face.name, fontBytes(run.face));
      registered.add(run.face.name);
    }
    return doc.font(run.face.name).fontSize(size);
  };
  const widthOf = (runs: TextRun[], size: number) =>
    runs.reduce((sum, run) => sum + use(run, size).widthOfString(run.text), 0);

  function wrap(text: string, style: LineStyle, size: number, width: number): TextRun[][] {
    const tokens: string[] = [];
    for (const token of text.match(/\S+\s*/gu) ?? []) {
      // A word wider than the line (a title in Chinese has no spaces) breaks between characters.
      if (widthOf(runsOf(token, style.weight), size) > width) tokens.push(...Array.from(token));
      else tokens.push(token);
    }
    const lines: string[] = [];
    for (const token of tokens) {
      const current = lines.at(-1);
      if (current !== undefined && widthOf(runsOf(current + token, style.weight), size) <= width)
        lines[lines.length - 1] = current + token;
      else lines.push(token);
    }
    return lines.map((line) => runsOf(line.trimEnd(), style.weight));
  }

  function writeCentered(text: string, style: LineStyle, width: number): void {
    const maxLines = style.maxLines ?? 2;
    const smallest = Math.max(10, Math.round(style.size * 0.6));
    let size = style.size;
    let lines = wrap(text, style, size, width);
    while (lines.length > maxLines && size > smallest) {
      size = Math.max(smallest, size - 2);
      lines = wrap(text, style, size, width);
    }
    let y = doc.y;
    for (const runs of lines) {
      let x = MARGIN + (width - widthOf(runs, size)) / 2;
      for (const run of visualOrder(runs)) {
        use(run, size).fillColor(style.color).text(run.text, x, y, { lineBreak: false });
        x += doc.widthOfString(run.text);
      }
      y += size * 1.35;
    }
    doc.x = MARGIN;
    doc.y = y;
  }

  return { use, widthOf, writeCentered };
}

function drawLogo(doc: Doc, x: number, y: number, size: number): void {
  doc
    .save()
    .translate(x, y)
    .scale(size / LOGO.viewBox);
  const { radius, fill } = LOGO.background;
  doc.roundedRect(0, 0, LOGO.viewBox, LOGO.viewBox, radius).fill(fill);
  for (const shape of LOGO.fills) doc.path(shape.d).fill(shape.fill);
  doc.path(LOGO.stroke.d).lineWidth(LOGO.stroke.width).lineCap('round').stroke(LOGO.stroke.stroke);
  doc.circle(LOGO.dot.cx, LOGO.dot.cy, LOGO.dot.r).fill(LOGO.dot.fill);
  doc.restore();
}

/**
 * The certificate as a one-page landscape A4 PDF: its issuer (the brand's logo and name), who
 * completed which course, taught by whom, when and in how many hours and minutes, its code, and the
 * verification address written out and as a QR code. Names and titles print in any script a person
 * writes them in (Latin, Arabic, Chinese, emoji…), from the Noto fonts shipped as npm packages:
 * nothing depends on fonts installed on the machine.
 */
export async function renderCertificatePdf(id: string, certificate: Certificate): Promise<Buffer> {
  const verifyUrl = certificate.url;
  const qr = await QRCode.toBuffer(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: {
      Title: `Certificado: ${certificate.courseTitle}`,
      Subject: `Certificado de conclusão de ${certificate.name}`,
      Author: BRAND_NAME,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const inner = width - 2 * MARGIN;
  const { use, widthOf, writeCentered: write } = createWriter(doc);
  doc
    .rect(28, 28, width - 56, height - 56)
    .lineWidth(3)
    .stroke('#1d4ed8');

  // The issuer, as the app's top bar shows it: the logo, then the brand's name beside it.
  const logoSize = 32;
  const brandSize = 22;
  const brand = runsOf(BRAND_NAME, 700);
  const brandWidth = widthOf(brand, brandSize);
  let x = (width - logoSize - 10 - brandWidth) / 2;
  drawLogo(doc, x, MARGIN, logoSize);
  x += logoSize + 10;
  for (const run of brand) {
    use(run, brandSize)
      .fillColor('#0f172a')
      .text(run.text, x, MARGIN + (logoSize - brandSize * 1.2) / 2, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }

  doc.y = MARGIN + logoSize + 20;
  const body = { weight: 400, size: 16, color: '#334155' } as const;
  write(
    'Certificado de conclusão',
    { weight: 700, size: 34, color: '#0f172a', maxLines: 1 },
    inner,
  );
  doc.y += 10;
  write('Certificamos que', body, inner);
  doc.y += 6;
  write(certificate.name, { weight: 700, size: 28, color: '#0f172a' }, inner);
  doc.y += 6;
  write('concluiu o curso', body, inner);
  doc.y += 6;
  write(certificate.courseTitle, { weight: 700, size: 22, color: '#1d4ed8' }, inner);
  doc.y += 8;
  const detail = { ...body, size: 14 };
  write(`ministrado por ${certificate.educatorName}`, detail, inner);
  write(
    `Carga horária: ${formatMinutes(certificate.minutes)} · Concluído em ${DATE_FORMAT.format(new Date(certificate.completedAt))}`,
    detail,
    inner,
  );
  if (certificate.quizzes.length > 0) {
    doc.moveDown(0.4);
    doc.fontSize(11);
    doc.text(
      `Questionários aprovados: ${certificate.quizzes.map((quiz) => `${quiz.title} (${quiz.score}%)`).join(' · ')}`,
      { align: 'center', width: inner },
    );
  }

  const qrSize = 96;
  const bottom = height - MARGIN - qrSize;
  doc.image(qr, width - MARGIN - qrSize, bottom, { width: qrSize, height: qrSize });
  const [latin] = runsOf('A', 400);
  doc.registerFont('verify', fontBytes(latin!.face));
  doc.font('verify').fontSize(10).fillColor('#475569');
  const textWidth = inner - qrSize - 16;
  doc.text(`Emitido por ${BRAND_NAME} · Código do certificado: ${id}`, MARGIN, bottom + 26, {
    width: textWidth,
  });
  doc.moveDown(0.3);
  doc.text('Verifique a autenticidade deste certificado em:', { width: textWidth });
  doc.text(verifyUrl, { width: textWidth, link: verifyUrl, underline: true });
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
