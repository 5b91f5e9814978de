import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import type { UserRow } from './repository.ts'
import { teachesStudent } from './repository.ts'

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
