import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

/** The largest file any upload call takes; a call may set a lower bound of its own. */
export const uploadLimitBytes = 10 * 1024 * 1024;

/** One uploaded file, read whole into memory (bounded by `maxBytes`). */
export interface UploadedFile {
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/**
 * Reads the one file of a `multipart/form-data` upload (the spec's upload calls). Anything
 * else (no multipart body, no file, a second file, a file over `maxBytes`) is a 4xx naming
 * the problem; nothing is kept of a refused file.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes = uploadLimitBytes,
): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new AppError('BadRequest', 'Send the file as multipart/form-data.');
  }
  const limit = Math.min(maxBytes, uploadLimitBytes);
  let file;
  try {
    file = await request.file({ limits: { fileSize: limit, files: 1, fields: 10, parts: 12 } });
  } catch (error) {
    throw refusal(error, limit);
  }
  if (!file) throw new AppError('BadRequest', 'The upload holds no file.');
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    throw refusal(error, limit);
  }
  return { fileName: file.filename, mimeType: file.mimetype, data };
}

function refusal(error: unknown, limit: number): AppError {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      'PayloadTooLarge',
      `The file is larger than ${Math.round(limit / 1024)} KB, the most this upload takes.`,
    );
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('BadRequest', 'Send one file only.');
  }
  return new AppError('BadRequest', 'The upload could not be read as multipart/form-data.');
}

/**
 * Registers routes that take an upload (read with `readUploadedFile`) in a context of their
 * own that reads `multipart/form-data`. @fastify/multipart hooks every request of the context
 * it is registered in (a listener on the connection, a clean-up after the answer): registered
 * for the whole server, every `GET /health` and static file paid for them. Elsewhere a
 * multipart body is refused as an unsupported media type (415).
 *
 * @example
 * await withUploads(fastify, (uploads) => uploads.post('/api/x/upload', options, handler));
 */
export async function withUploads(
  app: FastifyInstance,
  routes: (uploads: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: uploadLimitBytes, files: 1, fields: 10, parts: 12 },
      throwFileSizeLimit: true,
    });
    await routes(uploads);
  });
}
