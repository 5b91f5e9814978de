import type { Db } from '../db.ts'
import { fileSlug, type CsvCell } from '../platform/csv.ts'
import type { Context } from 'hono'
import { ownOrganization } from '../organizations/access.ts'
import type { ApiEnv } from '../platform/context.ts'
import { csvStream } from '../platform/csv.ts'
import { english, requestSpeaker, type Speaker } from '../platform/i18n.ts'
import { toResultCards } from './present.ts'
import { listTerms, studentsWithScores, subjectsOfTerm } from './repository.ts'

/** The two CSV files of a term (issue 19): the score grid and the result cards. */
export type TermFileKind = 'scores' | 'result-cards'

export type TermFile = {
	/** The term the file is of: the one asked for, else the latest (null: no term yet). */
	term: string | null
	fileName: string
	header: string[]
	/** Its rows, a batch of students at a time (issue 28). */
	batches: AsyncIterable<CsvCell[][]>
}

/** The term asked for, else the latest (none yet is an empty grid). */
export const termOrLatest = async (db: Db, organizationId: string, asked: string | undefined) =>
	asked ?? (await listTerms(db, organizationId)).at(-1) ?? null

/** The file of the term asked for, else of the latest (a download of `GET …/export`). */
export async function latestTermFile(
	db: Db,
	organizationId: string,
	kind: TermFileKind,
	asked: string | undefined,
	speaker: Speaker = english,
) {
	return termFile(db, organizationId, kind, await termOrLatest(db, organizationId, asked), speaker)
}

/**
 * A term's file as both the streamed download and the background export (decision 046) write it:
 * one description, so the two give the same bytes. Its headers are for people, in the requester's
 * language (decision 064): the stream's request, the job's language kept when it was queued.
 */
export async function termFile(
	db: Db,
	organizationId: string,
	kind: TermFileKind,
	term: string | null,
	{ say }: Speaker = english,
): Promise<TermFile> {
	const subjects = await subjectsOfTerm(db, organizationId, term)
	const fileName = `${kind}-${fileSlug(term ?? '', 'no-term')}.csv`
	if (kind === 'scores') {
		return {
			term,
			fileName,
			header: [say('Student'), say('Email'), say('Term'), ...subjects],
			batches: scoreGridRows(db, organizationId, term, subjects),
		}
	}
	return {
		term,
		fileName,
		header: [say('Student'), say('Email'), say('Term'), ...subjects, say('Average'), say('Band')],
		batches: resultCardRows(db, organizationId, term, subjects),
	}
}

async function* scoreGridRows(
	db: Db,
	organizationId: string,
	term: string | null,
	subjects: string[],
) {
	for await (const { students, scores } of studentsWithScores(db, organizationId, { term })) {
		const byStudent = new Map<string, Map<string, number>>()
		for (const row of scores) {
			const cells = byStudent.get(row.student_id) ?? new Map<string, number>()
			cells.set(row.subject, Number(row.score))
			byStudent.set(row.student_id, cells)
		}
		yield students.map((student) => {
			const cells = byStudent.get(student.id)
			return [
				`${student.first_name} ${student.last_name}`,
				student.email,
				term,
				...subjects.map((subject): CsvCell => cells?.get(subject)),
			]
		})
	}
}

async function* resultCardRows(
	db: Db,
	organizationId: string,
	term: string | null,
	subjects: string[],
) {
	if (!term) return
	const batches = studentsWithScores(db, organizationId, { term, scoredIn: term })
	for await (const { scores } of batches) {
		yield toResultCards(term, scores).map((card) => {
			const bySubject = new Map(card.subjects.map((entry) => [entry.subject, entry.score]))
			return [
				card.student.name,
				card.student.email,
				card.term,
				...subjects.map((subject): CsvCell => bySubject.get(subject)),
				card.average,
				card.bucket,
			]
		})
	}
}

/**
 * A term's file streamed to its organization (the latest term without one), its headers in the
 * request's language: the two CSV downloads' one body.
 */
export async function streamTermFile(
	db: Db,
	c: Context<ApiEnv>,
	kind: TermFileKind,
	term: string | undefined,
) {
	const organization = await ownOrganization(db, c)
	const speaker = requestSpeaker(c.req.header('Accept-Language'))
	const file = await latestTermFile(db, organization.id, kind, term, speaker)
	return csvStream(c, file.fileName, file.header, file.batches)
}
