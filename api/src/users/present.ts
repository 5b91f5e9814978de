import { fileUrl } from '../files/present.ts'
import type { z } from 'zod'
import type { Account } from '../platform/context.ts'
import type { publicTeacher, studentProfile, teacherProfile, user } from './schemas.ts'
import type { UserRow } from './repository.ts'

/** The README's User. */
export function toUser(row: UserRow): z.input<typeof user> {
	return {
		id: row.id,
		role: row.role,
		email: row.email,
		firstName: row.first_name,
		lastName: row.last_name,
		name: `${row.first_name} ${row.last_name}`,
		phone: row.phone,
		bio: row.bio,
		profilePicture: fileUrl(row.profile_picture),
		organization_id: row.organization_id,
		createdAt: row.created_at.toISOString(),
	}
}

/** The README's Profile of a student: a User plus the student's fields, absent ones as null. */
export function toStudentProfile(row: UserRow): z.input<typeof studentProfile> {
	const fields = row.profile
	return {
		...toUser(row),
		gradeLevel: fields.gradeLevel ?? null,
		dateOfBirth: fields.dateOfBirth ?? null,
		guardianName: fields.guardianName ?? null,
	}
}

/** The README's Profile of a tutor: a User plus the tutor's fields (`subjects` as [] when none). */
export function toTeacherProfile(row: UserRow): z.input<typeof teacherProfile> {
	const fields = row.profile
	return {
		...toUser(row),
		subjects: fields.subjects ?? [],
		qualifications: fields.qualifications ?? null,
		experienceYears: fields.experienceYears ?? null,
	}
}

/** A tutor's email and phone are for themself and their own organization; others see the profile. */
export function toTeacherFor(
	account: Account,
	row: UserRow,
): z.input<typeof user> | z.input<typeof publicTeacher> {
	if (
		account.id === row.id ||
		(account.role === 'organization' && row.organization_id === account.id)
	)
		return toUser(row)
	const { email: _email, phone: _phone, organization_id: _organization, ...shown } = toUser(row)
	return shown
}
