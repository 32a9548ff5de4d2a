import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Certificate } from '@aprendiz/contract/certificates';

const DATE_FORMAT = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });
const HOURS_FORMAT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export function certificateUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/certificate/${encodeURIComponent(id)}`;
}

export function formatHours(hours: number): string {
  return `${HOURS_FORMAT.format(hours)} ${hours === 1 ? 'hora' : 'horas'}`;
}

/**
 * The certificate as a one-page landscape A4 PDF: who completed which course, taught by whom, when
 * and how many hours, and the verification address written out and as a QR code. The standard
 * Helvetica covers Portuguese (Latin-1); no font file has to ship with the server.
 */
export async function renderCertificatePdf(
  certificate: Certificate,
  verifyUrl: string,
): Promise<Buffer> {
  const qr = await QRCode.toBuffer(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: {
      Title: `Certificado: ${certificate.courseTitle}`,
      Subject: `Certificado de conclusão de ${certificate.name}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  const inner = width - 2 * 56;
  doc
    .rect(28, 28, width - 56, height - 56)
    .lineWidth(3)
    .stroke('#1d4ed8');
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(34).fillColor('#0f172a');
  doc.text('Certificado de conclusão', { align: 'center', width: inner });
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(16).fillColor('#334155');
  doc.text('Certificamos que', { align: 'center', width: inner });
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(28).fillColor('#0f172a');
  doc.text(certificate.name, { align: 'center', width: inner });
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(16).fillColor('#334155');
  doc.text('concluiu o curso', { align: 'center', width: inner });
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#1d4ed8');
  doc.text(certificate.courseTitle, { align: 'center', width: inner });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(14).fillColor('#334155');
  doc.text(`ministrado por ${certificate.educatorName}`, { align: 'center', width: inner });
  doc.text(
    `Carga horária: ${formatHours(certificate.hours)} · Concluído em ${DATE_FORMAT.format(new Date(certificate.completedAt))}`,
    { align: 'center', width: inner },
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
  const bottom = height - 56 - qrSize;
  doc.image(qr, width - 56 - qrSize, bottom, { width: qrSize, height: qrSize });
  doc.font('Helvetica').fontSize(10).fillColor('#475569');
  doc.text('Verifique a autenticidade deste certificado em:', 56, bottom + 40, {
    width: inner - qrSize - 16,
  });
  doc.text(verifyUrl, { width: inner - qrSize - 16, link: verifyUrl, underline: true });
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
