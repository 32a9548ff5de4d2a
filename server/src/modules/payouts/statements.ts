import PDFDocument from 'pdfkit';
import { BRAND_NAME } from '@aprendiz/contract/brand';
import { formatDecimal, formatMoney, type Currency } from '@aprendiz/contract/rules/currency';
import { marketTime } from '@aprendiz/contract/rules/market-time';
import { statementPeriod } from '@aprendiz/contract/rules/payouts';
import type { Db } from '../../db/client';
import {
  findStatementFacts,
  type StatementLine,
  type StatementLineKind,
} from './payouts.repository';

export const LINE_LABELS: Record<StatementLineKind, string> = {
  sale: 'Venda',
  coupon_discount: 'Desconto de cupom',
  fee: 'Taxa da plataforma',
  refund: 'Reembolso',
  reserve: 'Saque solicitado',
  paid: 'Saque pago',
  failed: 'Saque devolvido (falhou)',
};

export interface Statement {
  month: string;
  currency: Currency;
  /** The balance carried from the month before: earned net of refunds, less withdrawals asked. */
  openingMinor: number;
  closingMinor: number;
  totals: {
    salesMinor: number;
    couponsMinor: number;
    feesMinor: number;
    refundsMinor: number;
    /** Withdrawals paid in the month (their reserve may be of an earlier one). */
    paidOutMinor: number;
    /** Withdrawals asked less those that failed, in the month. */
    withdrawnMinor: number;
  };
  lines: StatementLine[];
}

/**
 * A calendar month on the market's clock. Its closing balance is what the educator's balance is
 * made of at its end: available + pending − debit (what is on its way to the bank has left it).
 */
export async function buildStatement(
  db: Db,
  educatorId: string,
  month: string,
  currency: Currency,
): Promise<Statement> {
  const { from, to } = statementPeriod(month, currency);
  const facts = await findStatementFacts(db, educatorId, from, to);
  const b = facts.before;
  const openingMinor = b.netMinor - b.refundsMinor - b.reservedMinor + b.returnedMinor;
  const sum = (kind: StatementLineKind) =>
    facts.lines.filter((l) => l.kind === kind).reduce((acc, l) => acc + l.amountMinor, 0);
  const paidOutMinor = facts.lines
    .filter((l) => l.kind === 'paid')
    .reduce((acc, l) => acc + (l.payoutMinor ?? 0), 0);
  const totals = {
    salesMinor: sum('sale'),
    couponsMinor: sum('coupon_discount'),
    feesMinor: sum('fee'),
    refundsMinor: -sum('refund'),
    paidOutMinor,
    withdrawnMinor: -(sum('reserve') + sum('failed')),
  };
  const closingMinor = openingMinor + facts.lines.reduce((acc, l) => acc + l.amountMinor, 0);
  return { month, currency, openingMinor, closingMinor, totals, lines: facts.lines };
}

/*
 * A cell a spreadsheet in Brazil or Portugal reads as a number: the decimal comma of the market, no
 * thousands dots and no label (the semicolon separator is what lets the comma stand).
 */
const money = (minorUnits: number) => formatDecimal(minorUnits / 100, { grouping: false });

function localTime(date: Date, currency: Currency): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: marketTime(currency).timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break; formulas defused. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[;",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(cells: string[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}

/** Semicolon-separated with a BOM, as spreadsheets in Brazil and Portugal open it. */
export function statementCsv(statement: Statement): string {
  let out = '\uFEFF';
  out += csvRow(['data', 'tipo', 'descrição', 'valor', 'observação']);
  out += csvRow(['', 'Saldo anterior', '', money(statement.openingMinor), '']);
  for (const line of statement.lines) {
    out += csvRow([
      localTime(line.at, statement.currency),
      LINE_LABELS[line.kind],
      line.detail,
      money(line.amountMinor),
      line.kind === 'paid'
        ? `${money(line.payoutMinor ?? 0)} pagos; referência ${line.note ?? '-'}`
        : (line.note ?? ''),
    ]);
  }
  out += csvRow(['', 'Saldo ao fim do mês', '', money(statement.closingMinor), '']);
  return out;
}

/** The same statement as a printable A4 page (pdfkit, as the certificates). */
export function statementPdf(statement: Statement, educatorName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Extrato ${statement.month}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fmt = (minorUnits: number) => formatMoney(minorUnits / 100, statement.currency);
  doc.font('Helvetica-Bold').fontSize(18).text(`${BRAND_NAME}: extrato de ${statement.month}`);
  doc.font('Helvetica').fontSize(11).text(educatorName).moveDown();
  const t = statement.totals;
  const summary: [string, number][] = [
    ['Saldo anterior', statement.openingMinor],
    ['Vendas', t.salesMinor],
    ['Descontos de cupom', t.couponsMinor],
    ['Taxas da plataforma', t.feesMinor],
    ['Reembolsos', -t.refundsMinor],
    ['Saques solicitados', -t.withdrawnMinor],
    ['Saques pagos no mês', t.paidOutMinor],
    ['Saldo ao fim do mês', statement.closingMinor],
  ];
  for (const [label, value] of summary) {
    doc.text(`${label}: ${fmt(value)}`);
  }
  doc.moveDown().font('Helvetica-Bold').text('Movimentos').font('Helvetica').fontSize(9);
  if (statement.lines.length === 0) doc.text('Nenhum movimento neste mês.');
  for (const line of statement.lines) {
    const note = line.note ? ` (${line.note})` : '';
    doc.text(
      `${localTime(line.at, statement.currency)}  ${LINE_LABELS[line.kind]}: ${line.detail}${note}  ${fmt(line.amountMinor)}`,
    );
  }
  doc.end();
  return done;
}
