// `npm run admin -- grant <email>`: makes an account an admin (or support) through the running
// server's /api/ops/staff, with OPS_TOKEN, the server's own. The audit log records it.
import './lib/require-node.mjs';
import { parseArgs } from 'node:util';

const USAGE = `Uso: npm run admin -- <comando> <e-mail> [opções]

  grant <e-mail> [--role support]   dá o papel admin (ou support) à conta com este e-mail
  revoke <e-mail>                   tira o papel de equipe da conta

  --url URL              o servidor (padrão: JOBS_URL, ou http://localhost:$PORT, ou :3000)
  Precisa de OPS_TOKEN no ambiente, o mesmo do servidor. A conta precisa existir (cadastre-se antes).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: 'string' },
    url: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message) {
  console.error(message);
  process.exit(1);
}

const [command, email] = positionals;
if (values.help || !command) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}
if (command !== 'grant' && command !== 'revoke')
  fail(`Comando desconhecido: ${command}\n\n${USAGE}`);
if (!email) fail(`Informe o e-mail da conta.\n\n${USAGE}`);
const role = command === 'revoke' ? 'none' : (values.role ?? 'admin');
if (!['admin', 'support', 'none'].includes(role)) fail('--role: admin ou support');

const base = (
  values.url ??
  process.env.JOBS_URL ??
  `http://localhost:${process.env.PORT || 3000}`
).replace(/\/+$/, '');
const token = process.env.OPS_TOKEN;
if (!token) fail('Defina OPS_TOKEN (o mesmo do servidor).');

let res;
try {
  res = await fetch(`${base}/api/ops/staff`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
} catch (err) {
  fail(
    `O servidor não respondeu em ${base} (${err.cause?.code ?? err.message}). Ele está rodando?`,
  );
}
const body = await res.json().catch(() => ({}));
if (!res.ok) fail(`${res.status}: ${body.message ?? res.statusText}`);
const user = body.user;
console.log(
  user.staffRole
    ? `${user.email} agora é ${user.staffRole}. Ative a verificação em duas etapas no perfil para usar o console.`
    : `${user.email} não tem mais papel de equipe.`,
);
