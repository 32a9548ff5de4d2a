// `npm run jobs`: the job queue as an operator sees it, through the running server's /api/ops/jobs
// (the same for PGlite and PostgreSQL). Needs OPS_TOKEN, the server's own.
import './lib/require-node.mjs';
import { parseArgs } from 'node:util';

const USAGE = `Uso: npm run jobs -- <comando> [opções]

  counts                 tarefas por fila e estado (o comando padrão)
  list [--state S]       as tarefas mais recentes; S: created, retry, active, completed, cancelled, failed
       [--name FILA] [--limit N]
  failed                 as tarefas com falha (o mesmo que list --state failed)
  retry <id>             mais uma tentativa para uma tarefa com falha
  refunds [--all]        reembolsos a pagar à mão (boleto, ProxyPay): para onde enviar e quanto
  refund-paid <compra>   regista um reembolso manual como pago (a compra fica reembolsada)
  payouts [--status S]   saques de educadores; S: requested, approved, paid, failed
  payout-approve <id>    põe um saque no lote do dia do seu meio (pix, iban)
  payouts-csv <meio>     o lote aprovado de um meio (pix, iban) em CSV, para o banco
  payout-paid <id> <referência>   registra um saque como pago, com a referência do banco
  payout-failed <id> <motivo>     registra um saque como falhado (o valor volta ao saldo)

  --url URL              o servidor (padrão: JOBS_URL, ou http://localhost:$PORT, ou :3000)
  Precisa de OPS_TOKEN no ambiente, o mesmo do servidor.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    state: { type: 'string' },
    status: { type: 'string' },
    name: { type: 'string' },
    limit: { type: 'string' },
    url: { type: 'string' },
    all: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const [command = 'counts', ...rest] = positionals;
const base = (
  values.url ??
  process.env.JOBS_URL ??
  `http://localhost:${process.env.PORT || 3000}`
).replace(/\/+$/, '');
const token = process.env.OPS_TOKEN;
if (!token) fail('Defina OPS_TOKEN (o mesmo do servidor) para consultar as tarefas.');

async function call(method, route, body) {
  let res;
  try {
    res = await fetch(`${base}/api${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    fail(
      `O servidor não respondeu em ${base} (${err.cause?.code ?? err.message}). Ele está rodando?`,
    );
  }
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) fail(`${res.status}: ${answer.message ?? res.statusText}`);
  return answer;
}

function when(iso) {
  return iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '-';
}

function printCounts(counts) {
  if (counts.length === 0) return console.log('Nenhuma tarefa.');
  const byQueue = new Map();
  for (const { name, state, count } of counts) {
    byQueue.set(name, { ...byQueue.get(name), [state]: count });
  }
  const states = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];
  const width = Math.max(5, ...[...byQueue.keys()].map((n) => n.length));
  console.log(['fila'.padEnd(width), ...states.map((s) => s.padStart(9))].join(' '));
  for (const [name, row] of byQueue) {
    console.log(
      [name.padEnd(width), ...states.map((s) => String(row[s] ?? 0).padStart(9))].join(' '),
    );
  }
}

function printJobs(jobs) {
  if (jobs.length === 0) return console.log('Nenhuma tarefa.');
  for (const job of jobs) {
    console.log(
      `${job.id}  ${job.state.padEnd(9)} ${job.name}  ${job.key ?? ''}\n` +
        `    criada ${when(job.createdOn)} · tentativas ${job.retryCount}/${job.retryLimit}` +
        (job.completedOn ? ` · terminou ${when(job.completedOn)}` : '') +
        (job.error ? `\n    erro: ${job.error}` : ''),
    );
  }
}

function listQuery(state) {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (values.name) params.set('name', values.name);
  if (values.limit) params.set('limit', values.limit);
  const text = params.toString();
  return `/ops/jobs${text ? `?${text}` : ''}`;
}

switch (command) {
  case 'counts': {
    printCounts((await call('GET', listQuery(undefined))).counts);
    break;
  }
  case 'list': {
    printJobs((await call('GET', listQuery(values.state))).jobs);
    break;
  }
  case 'failed': {
    printJobs((await call('GET', listQuery('failed'))).jobs);
    break;
  }
  case 'retry': {
    const [id] = rest;
    if (!id) fail('Indique o id da tarefa: npm run jobs -- retry <id>');
    await call('POST', `/ops/jobs/${encodeURIComponent(id)}/retry`);
    console.log(`Tarefa ${id}: vai ser tentada de novo.`);
    break;
  }
  case 'refunds': {
    const { refunds } = await call('GET', `/ops/refunds${values.all ? '?all=1' : ''}`);
    if (refunds.length === 0) {
      console.log('Nenhum reembolso manual pendente.');
      break;
    }
    for (const r of refunds) {
      console.log(
        `${r.purchaseId}  ${r.amount.toFixed(2)} ${r.currency.toUpperCase()}  ${r.provider}/${r.method ?? '-'}\n` +
          `    enviar para: ${r.destination ?? '(o comprador ainda não informou)'}\n` +
          `    comprador ${r.buyerEmail ?? '-'} · curso ${r.courseTitle ?? '-'} · pedido ${when(r.createdAt)}` +
          (r.paidAt ? ` · pago ${when(r.paidAt)}` : ''),
      );
    }
    break;
  }
  case 'refund-paid': {
    const [id] = rest;
    if (!id) fail('Indique a compra: npm run jobs -- refund-paid <id da compra>');
    await call('POST', `/ops/refunds/${encodeURIComponent(id)}/paid`);
    console.log(`Reembolso ${id}: registrado como pago.`);
    break;
  }
  case 'payouts': {
    const query = values.status ? `?status=${encodeURIComponent(values.status)}` : '';
    const { payouts } = await call('GET', `/ops/payouts${query}`);
    if (payouts.length === 0) {
      console.log('Nenhum saque.');
      break;
    }
    for (const p of payouts) {
      console.log(
        `${p._id}  ${p.amount.toFixed(2)} ${p.currency.toUpperCase()}  ${p.rail}  ${p.status}` +
          (p.batch ? `  lote ${p.batch}` : '') +
          `\n    ${p.educatorName ?? '-'} <${p.educatorEmail ?? '-'}> · ${p.destination} · pedido ${when(p.requestedAt)}` +
          (p.reference ? ` · ref. ${p.reference}` : '') +
          (p.failureReason ? ` · falhou: ${p.failureReason}` : ''),
      );
    }
    break;
  }
  case 'payout-approve': {
    const [id] = rest;
    if (!id) fail('Indique o saque: npm run jobs -- payout-approve <id>');
    const { payout } = await call('POST', `/ops/payouts/${encodeURIComponent(id)}/approve`);
    console.log(`Saque ${id}: aprovado (${payout.rail}).`);
    break;
  }
  case 'payouts-csv': {
    const [rail] = rest;
    if (!rail) fail('Indique o meio: npm run jobs -- payouts-csv pix');
    const res = await fetch(`${base}/api/ops/payouts/export.csv?rail=${encodeURIComponent(rail)}`, {
      headers: { Authorization: `Bearer ${token}` },
    }).catch((err) =>
      fail(`O servidor não respondeu em ${base} (${err.cause?.code ?? err.message}).`),
    );
    if (!res.ok)
      fail(`${res.status}: ${(await res.json().catch(() => ({}))).message ?? res.statusText}`);
    process.stdout.write(await res.text());
    break;
  }
  case 'payout-paid': {
    const [id, ...words] = rest;
    if (!id || words.length === 0)
      fail(
        'Indique o saque e a referência do banco: npm run jobs -- payout-paid <id> <referência>',
      );
    await call('POST', `/ops/payouts/${encodeURIComponent(id)}/paid`, {
      reference: words.join(' '),
    });
    console.log(`Saque ${id}: registrado como pago.`);
    break;
  }
  case 'payout-failed': {
    const [id, ...words] = rest;
    if (!id || words.length === 0)
      fail('Indique o saque e o motivo: npm run jobs -- payout-failed <id> <motivo>');
    await call('POST', `/ops/payouts/${encodeURIComponent(id)}/failed`, {
      reason: words.join(' '),
    });
    console.log(`Saque ${id}: registrado como falhado; o valor voltou ao saldo do educador.`);
    break;
  }
  default:
    fail(`Comando desconhecido: ${command}\n\n${USAGE}`);
}
