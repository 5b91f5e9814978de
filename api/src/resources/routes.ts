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
				responses: answers({ 201: uploadedResource }),
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
				responses: answers({ 200: oneResource }),
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
				responses: answers({ 200: fileAnswer(...DOCUMENT_MEDIA_TYPES) }),
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
				responses: answers({ 200: deletedAnswer }),
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
