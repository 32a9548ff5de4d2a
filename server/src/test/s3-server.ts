import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks signatures made with them. */
export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  bucket: string;
  endpoint: string;
  /** The settings that put a test app's video in this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, files in a temporary folder) on loopback, with one bucket.
 * s3rver 3.7 has no ListParts nor AbortMultipartUpload, which tus's S3 store needs (every resumable
 * upload lists its parts); those two are answered here from s3rver's own part files, everything
 * else by s3rver.
 */
export async function startTestS3(bucket = 'aprendiz-video'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-s3rver-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const s3 = s3rver.callback();
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    const multipartOnly = uploadId && !url.searchParams.has('partNumber');
    if (multipartOnly && (req.method === 'GET' || req.method === 'DELETE')) {
      const dir = path.join(uploadsDir, path.basename(uploadId));
      const answer =
        req.method === 'GET' ? listParts(dir, url.pathname, bucket, uploadId) : abort(dir);
      void answer.then(
        ({ status, body }) => {
          res.writeHead(status, { 'Content-Type': 'application/xml' }).end(body);
        },
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
      return;
    }
    s3(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      VIDEO_S3_BUCKET: bucket,
      VIDEO_S3_REGION: 'us-east-1',
      VIDEO_S3_ENDPOINT: endpoint,
      VIDEO_S3_ACCESS_KEY_ID: S3RVER_KEY,
      VIDEO_S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      VIDEO_S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const noSuchUpload = {
  status: 404,
  body: '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
};

async function listParts(dir: string, pathname: string, bucket: string, uploadId: string) {
  if (!existsSync(dir)) return noSuchUpload;
  const numbers = (await readdir(dir))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts: string[] = [];
  for (const number of numbers) {
    const file = path.join(dir, String(number));
    const [{ size }, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
    parts.push(
      `<Part><PartNumber>${number}</PartNumber><ETag>"${md5.trim()}"</ETag><Size>${size}</Size></Part>`,
    );
  }
  const key = decodeURIComponent(pathname.split('/').slice(2).join('/'));
  return {
    status: 200,
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
  };
}

async function abort(dir: string) {
  if (!existsSync(dir)) return noSuchUpload;
  await rm(dir, { recursive: true, force: true });
  return { status: 204, body: '' };
}
