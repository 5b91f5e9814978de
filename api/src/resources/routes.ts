import type { ApiDeps } from '../platform/context.ts'
import { ApiError, MESSAGES, validationError } from '../platform/errors.ts'
import {
	answers,
	ApiRoutes,
	deletedAnswer,
	fileAnswer,
	formBody,
	uuidParams,
} from '../platform/openapi.ts'
import { pageOf, toPage } from '../platform/pagination.ts'
import { accountGuard } from '../platform/require-account.ts'
import {
	DOCUMENT_MEDIA_TYPES,
	fileResponse,
	readOptionalDocument,
	storeDocument,
} from '../tasks/documents.ts'
import { toResource } from './present.ts'
import { deleteResource, insertResource, listResources, listSubjects } from './repository.ts'
import {
	oneResource,
	resourceList,
	resourceQuery,
	resourceUpload,
	uploadedResource,
} from './schemas.ts'
import { resourceOrNotFound } from './access.ts'

/** Library uploads take one document of up to 10 MB (see `limitBodies`). */
export const RESOURCE_UPLOAD_PATH = /^\/api\/v1\/resources\/upload\/?$/

export function resourceRoutes({ db, config, storage }: ApiDeps) {
	const requireAccount = accountGuard({ db, config })

	return new ApiRoutes(config, 'resources')
		.endpoint(
			{
				method: 'get',
				path: '/',
				operationId: 'getResources',
				summary: 'The library, filtered',
				middleware: requireAccount(),
				request: { query: resourceQuery },
				description:
					'Any signed-in account: the library, newest first, a resource being a stored file or an external link (exactly one of `file` and `url`). `search` (at most 100 characters) matches the title or the description, any letter case; `subject` (default `All`: every subject) any letter case; `type` (default `all`) is `all` or a resource type. `subjects` lists every subject of the library once, for the filter.',
				responses: answers({ 200: resourceList }),
			},
			async (c) => {
				const query = c.req.valid('query')
				const page = toPage(query)
				const [{ rows, total }, subjects] = await Promise.all([
					listResources(db, query, page),
					listSubjects(db),
				])
				return c.json(
					{
						resources: rows.map(toResource),
						pagination: { ...pageOf(total, page), limit: page.limit },
						subjects,
					},
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'post',
				path: '/upload',
				operationId: 'uploadResource',
				summary: 'Add a file or a link to the library',
				middleware: requireAccount({ roles: ['tutor'] }),
				request: { body: formBody(resourceUpload) },
				description:
					'A tutor adds a resource (multipart): either a file `file` (PDF, image, text, Markdown, CSV, Word, Excel, PowerPoint or ZIP, by extension and content, at most 10 MB) or a `url` (http or https).',
				responses: answers(
					{ 201: uploadedResource },
					{
						400: [
							{ path: 'file', msg: 'Choose a file to upload or give a link' },
							{ path: 'file', msg: 'Give a file or a link, not both' },
							{ path: 'file', msg: 'Upload <the kinds above>' },
						],
						413: MESSAGES.documentTooLarge,
					},
				),
			},
			async (c) => {
				const { file, ...fields } = c.req.valid('form')
				const document = await readOptionalDocument(file, 'file')
				if ((document === null) === (fields.url === null)) {
					throw validationError([
						{
							path: 'file',
							msg: document
								? 'Give a file or a link, not both'
								: 'Choose a file to upload or give a link',
						},
					])
				}
				const account = c.get('account')
				const key = document ? await storeDocument(storage, document) : null
				try {
					const id = await insertResource(db, {
						tutor_id: account.id,
						title: fields.title,
						description: fields.description ?? null,
						subject: fields.subject,
						resource_type: fields.resourceType,
						file_key: key,
						file_name: document?.name ?? null,
						file_type: document?.contentType ?? null,
						file_size: document?.bytes.byteLength ?? null,
						url: fields.url,
					})
					const row = await resourceOrNotFound(db, id)
					return c.json(
						{ message: 'Resource uploaded successfully', resource: toResource(row) },
						201,
					)
				} catch (error) {
					if (key) await storage.delete(key)
					throw error
				}
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}',
				operationId: 'getResource',
				summary: 'One resource',
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description: 'Any signed-in account.',
				responses: answers({ 200: oneResource }, { 404: 'Resource not found' }),
			},
			async (c) => {
				const row = await resourceOrNotFound(db, c.req.valid('param').id)
				return c.json({ resource: toResource(row) }, 200)
			},
		)
		.endpoint(
			{
				method: 'get',
				path: '/{id}/file',
				operationId: 'openResourceFile',
				summary: "A resource's file, as an attachment",
				middleware: requireAccount(),
				request: { params: uuidParams('id') },
				description:
					"Any signed-in account: the resource's file, as an attachment (a link resource has none).",
				responses: answers(
					{ 200: fileAnswer(...DOCUMENT_MEDIA_TYPES) },
					{ 404: ['Resource not found', 'File not found'] },
				),
			},
			async (c) => {
				const row = await resourceOrNotFound(db, c.req.valid('param').id)
				const file = row.file_key ? await storage.get(row.file_key) : null
				if (!file) throw new ApiError(404, 'File not found')
				if (c.req.method === 'HEAD') await file.body.cancel()
				return fileResponse(file, row.file_name ?? 'file')
			},
		)
		.endpoint(
			{
				method: 'delete',
				path: '/{id}',
				operationId: 'deleteResource',
				summary: 'Delete a resource and its file',
				middleware: requireAccount({ roles: ['tutor'] }),
				request: { params: uuidParams('id') },
				description: 'The tutor who uploaded it deletes it, with its stored file.',
				responses: answers(
					{ 200: deletedAnswer },
					{ 403: MESSAGES.forbidden, 404: 'Resource not found' },
				),
			},
			async (c) => {
				const row = await resourceOrNotFound(db, c.req.valid('param').id)
				if (row.tutor_id !== c.get('account').id) throw new ApiError(403, MESSAGES.forbidden)
				await deleteResource(db, row.id)
				if (row.file_key) await storage.delete(row.file_key)
				return c.json({ message: 'Resource deleted successfully', id: row.id }, 200)
			},
		)
}
