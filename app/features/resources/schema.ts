import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { z } from 'zod'
import { descriptionField, titleField } from '~/platform/form-fields'
import { pageParam } from '~/platform/page-param'

export const resourceTypes = [
	{ value: 'document', label: msg`Document` },
	{ value: 'video', label: msg`Video` },
	{ value: 'worksheet', label: msg`Worksheet` },
	{ value: 'slides', label: msg`Slides` },
	{ value: 'link', label: msg`Link` },
	{ value: 'other', label: msg`Other` },
] as const
type ResourceType = (typeof resourceTypes)[number]['value']
const typeValues = resourceTypes.map((type) => type.value) as [ResourceType, ...ResourceType[]]

/** A resource type as a person reads it, in the page's language; `t` from useLingui. */
export function resourceTypeLabel(value: string, t: (descriptor: MessageDescriptor) => string) {
	const type = resourceTypes.find((each) => each.value === value)
	return type ? t(type.label) : value
}

/** What the library files may be (api/README.md): at most 10 MB. */
export const maxResourceBytes = 10 * 1024 * 1024
// File name endings for the file picker: nobody reads them as text.
export const resourceFileAccept =
	// eslint-disable-next-line lingui/no-unlocalized-strings
	'.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.txt,.md,.csv,.png,.jpg,.jpeg,.gif,.webp,.zip'

const webAddress = z
	.string()
	.trim()
	.max(2000, { error: () => t`Link must be at most 2000 characters` })
	.refine(
		(value) => {
			try {
				return ['http:', 'https:'].includes(new URL(value).protocol)
			} catch {
				return false
			}
		},
		{ error: () => t`Enter a web address starting with http:// or https://` },
	)

const uploadFields = z.object({
	title: titleField,
	description: descriptionField,
	subject: z
		.string({ error: () => t`Enter a subject` })
		.trim()
		.min(1, { error: () => t`Enter a subject` })
		.max(100, { error: () => t`Subject must be at most 100 characters` }),
	resourceType: z.enum(typeValues, { error: () => t`Choose a type` }),
	url: webAddress.optional(),
	file: z
		.instanceof(File)
		.optional()
		.refine((file) => !file || file.size <= maxResourceBytes, {
			error: () => t`The file must be at most 10 MB`,
		}),
})

function fileOrLink(value: { file?: File; url?: string }, ctx: z.RefinementCtx) {
	const hasFile = Boolean(value.file && value.file.size > 0)
	if (hasFile && value.url) {
		ctx.addIssue({ code: 'custom', path: ['url'], message: t`Give a file or a link, not both` })
	} else if (!hasFile && !value.url) {
		ctx.addIssue({
			code: 'custom',
			path: ['file'],
			message: t`Choose a file to upload or give a link`,
		})
	}
}

/** The upload form: a file or a link, not both. */
export const resourceUploadSchema = uploadFields.superRefine(fileOrLink)

/** The teacher library's forms, told apart by `intent`: upload one, or delete one of theirs. */
export const resourceActionSchema = z.discriminatedUnion('intent', [
	uploadFields.extend({ intent: z.literal('upload') }).superRefine(fileOrLink),
	z.object({ intent: z.literal('delete'), resourceId: z.string().min(1) }),
])
export type ResourceUpload = z.infer<typeof resourceUploadSchema>

// Answers of the reference API (api/README.md).
export const resourceSchema = z.object({
	id: z.string(),
	title: z.string(),
	description: z.string().nullable(),
	subject: z.string(),
	resourceType: z.string(),
	url: z.string().nullable(),
	file: z
		.object({
			name: z.string(),
			contentType: z.string(),
			size: z.number(),
			downloadPath: z.string(),
		})
		.nullable(),
	uploadedBy: z.object({ id: z.string(), name: z.string() }),
	createdAt: z.string(),
})
export type Resource = z.infer<typeof resourceSchema>

export const resourceListSchema = z.object({
	resources: z.array(resourceSchema),
	pagination: z.object({
		total: z.number(),
		currentPage: z.number(),
		totalPages: z.number(),
		limit: z.number().optional(),
	}),
	subjects: z.array(z.string()).default([]),
})
export type ResourceList = z.infer<typeof resourceListSchema>

export const resourceUploadedSchema = z.object({
	message: z.string().optional(),
	resource: resourceSchema,
})

/** Spec section 3: search (default empty), subject (default All), type (default all); page 1. */
export type ResourceFilters = { search: string; subject: string; type: string; page: number }

export function filtersFrom(url: URL): ResourceFilters {
	const params = url.searchParams
	const type = params.get('type') ?? 'all'
	return {
		search: (params.get('search') ?? '').trim().slice(0, 100),
		subject: (params.get('subject') ?? '').trim().slice(0, 100) || 'All',
		type: type === 'all' || typeValues.includes(type as ResourceType) ? type : 'all',
		page: pageParam(params),
	}
}

export function formatBytes(size: number) {
	if (size < 1024) return `${size} B`
	if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`
	return `${(size / 1024 / 1024).toFixed(1)} MB`
}
