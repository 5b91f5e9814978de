import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import type { UserRow } from './repository.ts'
import { findUser, findUserByEmail, teachesStudent } from './repository.ts'

/** A student's profile is theirs, their organization's, and their tutors'. */
export async function maySeeStudent(db: Db, account: Account, student: UserRow) {
	switch (account.role) {
		case 'student':
			return account.id === student.id
		case 'organization':
			return student.organization_id === account.id
		case 'tutor':
			return teachesStudent(db, account.id, student.id)
	}
}

/**
 * A student found by email, for a tutor of theirs or their organization; for anyone else the
 * answer is the same as for an email nobody has.
 */
export async function findVisibleStudent(db: Db, account: Account, email: string) {
	const student = await findUserByEmail(db, email)
	if (student?.role !== 'student' || !(await maySeeStudent(db, account, student))) {
		throw new ApiError(404, 'Student not found')
	}
	return student
}

/** A student's profile, for whoever may see it: 404 for no such student, 403 for anyone else. */
export async function studentFor(db: Db, account: Account, id: string) {
	const student = await findUser(db, id)
	if (student?.role !== 'student') throw new ApiError(404, 'Student not found')
	if (!(await maySeeStudent(db, account, student))) throw new ApiError(403, MESSAGES.forbidden)
	return student
}

/** An organization's members are listed for itself only. */
export function listsOwnMembers(account: Account, organizationId: string) {
	if (account.role !== 'organization' || account.id !== organizationId) {
		throw new ApiError(403, MESSAGES.forbidden)
	}
}
