import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { BRAND_NAME as BRAND } from '@aprendiz/contract/brand';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { uploadName } from '../../providers/storage-disk';
import { EXPORT_FILES, type ExportFile } from './person-data';
import { collectPersonData, findCertificatePdfs } from './privacy.repository';

export type ExportDeps = Pick<AppDeps, 'config' | 'database' | 'thumbnailTable' | 'logger'>;

/** A photo kept elsewhere (Cloudinary, Clerk) is fetched for at most this long. */
const REMOTE_PHOTO_TIMEOUT_MS = 10_000;
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

interface Photo {
  name: string;
  bytes: Uint8Array;
}

function extensionOf(contentType: string | null, url: string): string {
  if (contentType?.includes('png')) return 'png';
  if (contentType?.includes('jpeg') || contentType?.includes('jpg')) return 'jpg';
  if (contentType?.includes('webp')) return 'webp';
  const fromUrl = /\.(png|jpe?g|webp|gif)(?:$|\?)/i.exec(url)?.[1]?.toLowerCase();
  return fromUrl === 'jpeg' ? 'jpg' : (fromUrl ?? 'img');
}

/** The profile photo's bytes wherever the app keeps it; null when there is none or it cannot be read. */
async function readProfilePhoto(deps: ExportDeps, url: string): Promise<Photo | null> {
  if (!url) return null;
  const name = uploadName(url);
  if (name) {
    const stored = await deps.thumbnailTable?.find(name);
    if (stored)
      return {
        name: `foto-do-perfil.${extensionOf(stored.contentType, name)}`,
        bytes: stored.content,
      };
    if (deps.config.storage.provider !== 'disk') return null;
    try {
      const bytes = await readFile(path.join(deps.config.storage.uploadDir, name));
      return { name: `foto-do-perfil.${extensionOf(null, name)}`, bytes };
    } catch {
      return null;
    }
  }
  if (!/^https:\/\//i.test(url)) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REMOTE_PHOTO_TIMEOUT_MS) });
    if (!response.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > PHOTO_MAX_BYTES) return null;
    return {
      name: `foto-do-perfil.${extensionOf(response.headers.get('content-type'), url)}`,
      bytes,
    };
  } catch (err) {
    deps.logger.warn({ err }, 'profile photo not reachable for a data export');
    return null;
  }
}

function readme(user: UserRow, files: ExportFile[], photo: Photo | null, at: Date): string {
  const lines = [
    `Seus dados na ${BRAND}`,
    '',
    `Cópia gerada em ${at.toISOString()} (horário UTC) para a conta de ${user.name} <${user.email}>.`,
    'Cada arquivo .json é texto (JSON, UTF-8) e abre em qualquer editor de texto. Dentro de cada um, os',
    'registros vêm agrupados pelo nome da tabela em que estão salvos; datas em UTC (ISO 8601) e',
    'valores em dinheiro como texto, com ponto decimal.',
    '',
    'Arquivos:',
    ...files.map((file) => `- ${file}: ${EXPORT_FILES[file]}`),
    photo
      ? `- ${photo.name}: sua foto de perfil.`
      : user.imageUrl
        ? `- foto de perfil: não foi possível copiá-la agora; ela está em ${user.imageUrl}`
        : '- foto de perfil: você não tem foto de perfil.',
    '',
    'O que não está aqui: sua senha (mantemos só um resumo criptográfico dela, que não serve para',
    'nada fora da plataforma) e os códigos dos links enviados por e-mail.',
    '',
    'Você pode pedir uma nova cópia uma vez por dia, em Perfil > Meus dados. Para corrigir algum dado,',
    'altere-o no seu perfil ou fale conosco pelo formulário de contato.',
    '',
  ];
  return lines.join('\n');
}

/**
 * The ZIP of 'Baixar meus dados': one JSON file per kind of data (every file, empty or not, so the
 * person sees what kinds we keep), the certificates' PDFs, the photo and a LEIA-ME in Portuguese.
 */
export async function buildExportZip(deps: ExportDeps, user: UserRow, at: Date): Promise<Buffer> {
  const db = deps.database.db;
  const contents = await collectPersonData(db, user);
  const educatorFiles: ExportFile[] = [
    'cursos.json',
    'cupons.json',
    'vendas.json',
    'repasses.json',
  ];
  const hasRows = (file: ExportFile) =>
    Object.values(contents.get(file) ?? {}).some((rows) => rows.length > 0);
  // A learner who never taught gets no empty educator files; one who did (and is a learner again) does.
  const files = (Object.keys(EXPORT_FILES) as ExportFile[]).filter(
    (file) => user.role === 'educator' || !educatorFiles.includes(file) || hasRows(file),
  );
  const zip: Zippable = {};
  for (const file of files) {
    zip[file] = strToU8(JSON.stringify(contents.get(file) ?? {}, null, 2));
  }
  const pdfs = await findCertificatePdfs(db, user.id);
  if (pdfs.length > 0) {
    zip['certificados'] = Object.fromEntries(
      pdfs.map((p) => [`${p.certificateId}.pdf`, new Uint8Array(p.pdf)]),
    );
  }
  const photo = await readProfilePhoto(deps, user.imageUrl);
  if (photo) zip[photo.name] = photo.bytes;
  zip['LEIA-ME.txt'] = strToU8(readme(user, files, photo, at));
  return Buffer.from(zipSync(zip, { level: 6, mtime: at }));
}
