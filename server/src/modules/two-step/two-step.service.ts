import { createHash, randomBytes, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import { BRAND_NAME } from '@aprendiz/contract/brand';
import {
  RECOVERY_CODE_COUNT,
  type TwoStepSetup,
  type TwoStepStatus,
} from '@aprendiz/contract/staff';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors';
import {
  claimRecoveryCode,
  claimTimeStep,
  consumeSignInChallenge,
  countRecoveryCodesLeft,
  disableTwoStep,
  enableTwoStep,
  findSignInChallenge,
  findTwoStepSecret,
  insertSignInChallenge,
  recordWrongCode,
  savePendingSecret,
  wrongCodesInWindow,
} from './two-step.repository';

export const TWO_STEP_ALREADY_ON = 'A verificação em duas etapas já está ativa';
export const TWO_STEP_NOT_SET_UP = 'Comece a configuração da verificação em duas etapas de novo';
export const TWO_STEP_OFF = 'A verificação em duas etapas não está ativa';
export const WRONG_CODE = 'Código incorreto';
export const CODE_ALREADY_USED = 'Este código já foi usado: espere o próximo no aplicativo';
export const TOO_MANY_WRONG_CODES = 'Muitos códigos incorretos: espere 15 minutos e tente de novo';
export const CHALLENGE_EXPIRED = 'A etapa de verificação expirou: entre de novo';

/** Wrong codes an account may send in one window before the second step waits for the next. */
export const MAX_WRONG_CODES = 5;
export const WRONG_CODE_WINDOW_MS = 15 * 60_000;
/** How long the second step of a sign-in may wait after the password was accepted. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/**
 * How far a phone's clock may be off: one 30-second step either way, as authenticator apps expect.
 */
const CLOCK_TOLERANCE_SECONDS = 30;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** 'k3m9x-2pq7d': 10 characters from an alphabet without look-alikes (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const isRecoveryCode = (code: string) => code.includes('-');

export async function twoStepStatus(db: Db, userId: string): Promise<TwoStepStatus> {
  const row = await findTwoStepSecret(db, userId);
  const enabled = row?.enabledAt != null;
  return { enabled, recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(db, userId) : 0 };
}

/** A new secret for the authenticator app, shown as text and as a QR code made here. */
export async function setUpTwoStep(db: Db, user: UserRow): Promise<TwoStepSetup> {
  const secret = generateSecret();
  if (!(await savePendingSecret(db, user.id, secret))) throw conflict(TWO_STEP_ALREADY_ON);
  const otpauthUrl = generateURI({ issuer: BRAND_NAME, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

async function refuseWhileLocked(db: Db, userId: string): Promise<void> {
  if ((await wrongCodesInWindow(db, userId, WRONG_CODE_WINDOW_MS)) >= MAX_WRONG_CODES) {
    throw new AppError('RATE_LIMITED', TOO_MANY_WRONG_CODES);
  }
}

async function refuseWrongCode(db: Db, userId: string): Promise<never> {
  const wrong = await recordWrongCode(db, userId, WRONG_CODE_WINDOW_MS);
  if (wrong >= MAX_WRONG_CODES) throw new AppError('RATE_LIMITED', TOO_MANY_WRONG_CODES);
  throw badRequest(WRONG_CODE);
}

/** The step a six-digit code belongs to under `secret`, or null when it matches none near now. */
async function timeStepOf(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: CLOCK_TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Checks a code of an account with two-step on (an app code, or a recovery code, which is then
 * spent) and throws when it is wrong, used or the account is guessing too fast.
 */
export async function checkTwoStepCode(db: Db, userId: string, code: string): Promise<void> {
  const row = await findTwoStepSecret(db, userId);
  if (!row?.enabledAt) throw conflict(TWO_STEP_OFF);
  await refuseWhileLocked(db, userId);
  if (isRecoveryCode(code)) {
    if (await claimRecoveryCode(db, userId, sha256(code))) return;
    return refuseWrongCode(db, userId);
  }
  const step = await timeStepOf(row.secret, code);
  if (step === null) return refuseWrongCode(db, userId);
  if (!(await claimTimeStep(db, userId, step))) throw badRequest(CODE_ALREADY_USED);
}

/** The first code from the app turns two-step on and hands out the recovery codes, once. */
export async function enableTwoStepWithCode(
  db: Db,
  userId: string,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const row = await findTwoStepSecret(db, userId);
  if (row?.enabledAt) throw conflict(TWO_STEP_ALREADY_ON);
  if (!row) throw conflict(TWO_STEP_NOT_SET_UP);
  await refuseWhileLocked(db, userId);
  const step = isRecoveryCode(code) ? null : await timeStepOf(row.secret, code);
  if (step === null) return refuseWrongCode(db, userId);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  if (!(await enableTwoStep(db, userId, step, recoveryCodes.map(sha256)))) {
    throw conflict(TWO_STEP_ALREADY_ON);
  }
  return { recoveryCodes };
}

export async function disableTwoStepWithCode(db: Db, userId: string, code: string): Promise<void> {
  await checkTwoStepCode(db, userId, code);
  await disableTwoStep(db, userId);
}

/** After the password: a challenge the second step must answer within ten minutes. */
export async function openSignInChallenge(db: Db, userId: string): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await insertSignInChallenge(db, {
    challengeHash: sha256(challenge),
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
  });
  return challenge;
}

/**
 * The second step of a sign-in: the challenge names the account, the code proves the second factor.
 * A wrong code leaves the challenge open (the limit on wrong codes applies); a right one ends it.
 */
export async function answerSignInChallenge(
  db: Db,
  challenge: string,
  code: string,
): Promise<string> {
  const challengeHash = sha256(challenge);
  const open = await findSignInChallenge(db, challengeHash);
  if (!open) throw unauthorized(CHALLENGE_EXPIRED);
  await checkTwoStepCode(db, open.userId, code);
  if (!(await consumeSignInChallenge(db, challengeHash))) throw unauthorized(CHALLENGE_EXPIRED);
  return open.userId;
}
