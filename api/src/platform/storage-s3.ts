import { log } from './log.ts'
import {
	DeleteObjectCommand,
	GetObjectCommand,
	NoSuchKey,
	S3Client,
	type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { ApiError, MESSAGES } from './errors.ts'
import { assertFileKey, type Storage } from './storage.ts'

type Env = Record<string, string | undefined>

/**
 * The S3 client's settings: everything the AWS SDK reads itself (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ENDPOINT_URL_S3 ...), plus path-style addressing when a
 * custom endpoint is set (MinIO, Ceph, s3rver, most non-AWS stores), and us-east-1 when no region
 * is given for one (such stores ignore it; the SDK refuses to sign without it).
 */
export function s3ClientConfig(env: Env = process.env): S3ClientConfig {
	const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL
	if (!endpoint) return {}
	return { forcePathStyle: true, ...(!env.AWS_REGION && { region: 'us-east-1' }) }
}

/** Files as objects in one bucket, named by their key; several API processes can share it. */
export function createS3Storage(
	bucket: string,
	config: S3ClientConfig = s3ClientConfig(),
): Storage {
	const client = new S3Client(config)
	return {
		async put(key, body, contentType) {
			// Upload streams a body of unknown length in parts (5 MiB each), one request for a small one.
			const upload = new Upload({
				client,
				params: { Bucket: bucket, Key: assertFileKey(key), Body: body, ContentType: contentType },
			})
			await upload.done().catch(unavailable)
		},
		async get(key) {
			const command = new GetObjectCommand({ Bucket: bucket, Key: assertFileKey(key) })
			try {
				const object = await client.send(command)
				if (!object.Body) return null
				return {
					body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
					contentType: object.ContentType ?? 'application/octet-stream',
					size: object.ContentLength,
				}
			} catch (error) {
				if (error instanceof NoSuchKey) return null
				return unavailable(error)
			}
		},
		async delete(key) {
			await client
				.send(new DeleteObjectCommand({ Bucket: bucket, Key: assertFileKey(key) }))
				.catch(unavailable)
		},
	}
}

/** The bucket down or refusing: a 503 that says so, not "Internal server error" (issue 27). */
function unavailable(error: unknown): never {
	log.error({ err: error }, 'S3 storage failed')
	throw new ApiError(503, MESSAGES.storageUnavailable)
}
