import type { ApiDeps } from '../platform/context.ts'
import { answers, ApiRoutes, jsonBody, uuidParams } from '../platform/openapi.ts'
import { accountGuard } from '../platform/require-account.ts'
import { ownOrganization } from './access.ts'
import { requireTeacherTwoFactor, teachersNeedTwoFactor } from './repository.ts'
import {
	teacherTwoFactor,
	teacherTwoFactorChanged,
	teacherTwoFactorRequirement,
} from './schemas.ts'
import { MESSAGES } from '../platform/errors.ts'

/**
 * Whether the organization's teachers must sign in with two-factor (issue 29, decision 037):
 * read and set by the organization itself. The API enforces it (platform/require-account.ts).
 */
export function teacherTwoFactorRoutes(deps: ApiDeps) {
	const { db } = deps
	const organizationOnly = accountGuard(deps)({ roles: ['organization'] })
	return new ApiRoutes(deps.config, 'organizations')
		.endpoint(
			{
				method: 'get',
				path: '/{id}/teacher-two-factor',
				operationId: 'getTeacherTwoFactor',
				summary: "Whether the organization's teachers must sign in with two-factor",
				middleware: organizationOnly,
				request: { params: uuidParams('id') },
				description: 'That organization only: whether its teachers must sign in with two-factor.',
				responses: answers(
					{ 200: teacherTwoFactor },
					{ 403: MESSAGES.forbidden, 404: 'Organization not found' },
				),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				return c.json(
					{ teachersNeedTwoFactor: await teachersNeedTwoFactor(db, organization.id) },
					200,
				)
			},
		)
		.endpoint(
			{
				method: 'put',
				path: '/{id}/teacher-two-factor',
				operationId: 'setTeacherTwoFactor',
				summary: "Require two-factor sign-in of the organization's teachers, or stop",
				middleware: organizationOnly,
				request: { params: uuidParams('id'), body: jsonBody(teacherTwoFactorRequirement) },
				description:
					'That organization only requires two-factor sign-in of its teachers, or stops. A teacher without it then gets `twoFactorSetupRequired: true` at login and 403 `Your organization requires two-factor sign-in. Set it up to continue.` from every call but those under `/account`, until it is on (decision 037).',
				responses: answers(
					{ 200: teacherTwoFactorChanged },
					{ 403: MESSAGES.forbidden, 404: 'Organization not found' },
				),
			},
			async (c) => {
				const organization = await ownOrganization(db, c)
				const { teachersNeedTwoFactor } = c.req.valid('json')
				await requireTeacherTwoFactor(db, organization.id, teachersNeedTwoFactor)
				return c.json(
					{
						message: teachersNeedTwoFactor
							? 'Your teachers now need two-factor sign-in. Those without it set it up when they next open TutorHub.'
							: 'Your teachers no longer need two-factor sign-in.',
						teachersNeedTwoFactor,
					},
					200,
				)
			},
		)
}
