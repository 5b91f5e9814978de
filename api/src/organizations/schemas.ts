import { z } from '@hono/zod-openapi'
import { department } from '../departments/schemas.ts'
import { isoDateTime, uploadedFile } from '../platform/openapi.ts'
import { pageAnswer, paginationQuery } from '../platform/pagination.ts'
import { user } from '../users/schemas.ts'
import { ORGANIZATION_TYPES } from '../schema.ts'
import {
	body,
	declaredAs,
	email,
	newPassword,
	optionalText,
	orEmpty,
	phone,
	requiredText,
	builtText,
} from '../platform/validation.ts'

const isWebAddress = (value: string) => {
	try {
		return ['http:', 'https:'].includes(new URL(value).protocol)
	} catch {
		return false
	}
}

const organizationType = z.enum(ORGANIZATION_TYPES, {
	error: builtText('Type must be one of {values}', { values: ORGANIZATION_TYPES.join(', ') }),
})

/** The optional fields an organization gives when it registers and may change later. */
const contactFields = {
	phone,
	address: optionalText('Address', 500),
	website: optionalText('Website', 300)
		.refine(
			(value) => value == null || isWebAddress(value),
			'Enter a website address starting with http:// or https://',
		)
		.openapi(orEmpty(declaredAs.webAddress)),
	description: optionalText('Description', 2000),
}

export const organizationRegistration = body({
	name: requiredText('Name', 200),
	email,
	password: newPassword,
	type: organizationType,
	country: requiredText('Country', 100),
	...contactFields,
})

/** PUT /organizations/{id}: the fields to change, or `{ deleted: true }` to delete. */
export const organizationUpdate = body({
	deleted: z.literal(true, { error: 'deleted must be true to delete' }).optional(),
	name: requiredText('Name', 200).optional(),
	type: organizationType.optional(),
	country: requiredText('Country', 100).optional(),
	...contactFields,
})

export const organizationListQuery = paginationQuery.extend({
	type: organizationType.optional(),
	country: z
		.string()
		.trim()
		.max(100, 'Country must be at most 100 characters')
		.optional()
		.transform((value) => (value ? value : undefined)),
})

/** POST /organizations/register: the fields and an optional image `logo`. */
export const organizationRegistrationForm = organizationRegistration.safeExtend({
	logo: uploadedFile.optional(),
})

export const studentAttachment = body({ email })

export const teacherTwoFactorRequirement = body({ teachersNeedTwoFactor: z.boolean() })

const organizationFields = z.object({
	id: z.string(),
	role: z.literal('organization'),
	email: z.string(),
	name: z.string(),
	type: z.enum(ORGANIZATION_TYPES),
	country: z.string(),
	phone: z.string().nullable(),
	address: z.string().nullable(),
	website: z.string().nullable(),
	description: z.string().nullable(),
	logo: z.string().nullable(),
	createdAt: isoDateTime,
})

/** The README's Organization account. */
export const organization = organizationFields.openapi('Organization')

/** What the public directory shows of one: no email, phone or address. */
export const publicOrganization = organizationFields
	.omit({ email: true, phone: true, address: true })
	.openapi('PublicOrganization')

export const organizationList = z.object({
	organizations: z.array(publicOrganization),
	pagination: pageAnswer,
})

export const organizationAnswer = z.object({ organization })

export const registeredOrganization = z.object({
	message: z.string(),
	id: z.string(),
	organization,
})

/** PUT /organizations/{id}: the changed organization, or the deletion's message and id. */
export const changedOrganization = z.union([
	z.object({ message: z.string(), organization }),
	z.object({ message: z.string(), id: z.string() }),
])

/** A sample of each group (the newest few) and its true total. */
const group = <S extends z.ZodType>(item: S) =>
	z.object({ data: z.array(item), total: z.number().int() })

/** GET /organizations/{id}/tutors: the dashboard's four groups. */
export const organizationDashboard = z.object({
	tutors: group(user),
	students: group(user),
	courses: group(
		z.object({
			id: z.string(),
			title: z.string(),
			isPublished: z.boolean(),
			enrolledStudents: z.number().int(),
			createdAt: isoDateTime,
		}),
	),
	departments: group(department),
})

/** What the organization sees of an invitation: only the email it typed, never the account. */
export const invitation = z
	.object({
		id: z.string(),
		email: z.string(),
		status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
		createdAt: isoDateTime,
	})
	.openapi('Invitation')

/** An answer that only says what was done. */
export const messageAnswer = z.object({ message: z.string() })

export const invitationSent = z.object({ message: z.string(), invitation })

export const invitationList = z.object({ invitations: z.array(invitation) })

export const teacherTwoFactor = z.object({ teachersNeedTwoFactor: z.boolean() })

export const teacherTwoFactorChanged = teacherTwoFactor.extend({ message: z.string() })
