import type { Context } from 'hono'
import type { Updateable } from 'kysely'
import type { z } from 'zod'
import type { Db } from '../db.ts'
import { toDepartment } from '../departments/present.ts'
import type { ApiEnv } from '../platform/context.ts'
import { ApiError, validationError } from '../platform/errors.ts'
import type { OrganizationsTable } from '../schema.ts'
import { toUser } from '../users/present.ts'
import { ownOrganization, ORGANIZATION_NOT_FOUND } from './access.ts'
import { toOrganization } from './present.ts'
import { organizationStats, updateOrganization, type OrganizationRow } from './repository.ts'
import type { organizationDashboard } from './schemas.ts'

// The organization's own dashboard and record (moved from organizations/routes.ts, decision 060).

/** The `:id` organization's dashboard, for itself: a few of each kind of member, with totals. */
export async function dashboardOf(
	db: Db,
	c: Context<ApiEnv>,
): Promise<z.input<typeof organizationDashboard>> {
	const organization = await ownOrganization(db, c)
	const stats = await organizationStats(db, organization.id)
	return {
		tutors: { data: stats.tutors.rows.map(toUser), total: stats.tutors.total },
		students: { data: stats.students.rows.map(toUser), total: stats.students.total },
		courses: {
			data: stats.courses.rows.map((course) => ({
				id: course.id,
				title: course.title,
				isPublished: course.is_published,
				enrolledStudents: Number(course.enrolled ?? 0),
				createdAt: course.created_at.toISOString(),
			})),
			total: stats.courses.total,
		},
		departments: {
			data: stats.departments.rows.map(toDepartment),
			total: stats.departments.total,
		},
	}
}

export const NOTHING_TO_CHANGE = { path: 'body', msg: 'Send at least one field to change' }

/** Changes the fields given (`undefined` ones stay); a 400 when none is. */
export async function changeOrganization(
	db: Db,
	organization: OrganizationRow,
	changes: Updateable<OrganizationsTable>,
) {
	const update = Object.fromEntries(
		Object.entries(changes).filter(([, value]) => value !== undefined),
	)
	if (Object.keys(update).length === 0) throw validationError([NOTHING_TO_CHANGE])
	const updated = await updateOrganization(db, organization.id, update)
	if (!updated) throw new ApiError(404, ORGANIZATION_NOT_FOUND)
	return { message: 'Organization updated successfully', organization: toOrganization(updated) }
}
