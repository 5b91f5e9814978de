import { z } from 'zod'

// A roster file's rows as the contract states them (decision 048).

/** What importing a row does: a new account, an invitation, nothing (already in), or its error. */
export const ROSTER_OUTCOMES = ['create', 'invite', 'member', 'invited', 'error'] as const
export type RosterOutcome = (typeof ROSTER_OUTCOMES)[number]

/** A line of the file as read, and what importing it does. */
export const rosterRowFields = {
	line: z.number().int(),
	role: z.string(),
	firstName: z.string(),
	lastName: z.string(),
	email: z.string(),
	department: z.string(),
	studentNumber: z.string(),
	outcome: z.enum(ROSTER_OUTCOMES),
	error: z.string().optional(),
}
