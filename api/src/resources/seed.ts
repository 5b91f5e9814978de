import type { Db } from '../db.ts'
import type { Storage } from '../platform/storage.ts'
import { storeDocument, textDocument } from '../tasks/documents.ts'

type SeedResource = {
	title: string
	description: string
	subject: string
	resourceType: 'document' | 'worksheet' | 'link'
	file?: { name: string; body: string }
	url?: string
}

const DEMO_RESOURCES: SeedResource[] = [
	{
		title: 'Solving linear equations: a step-by-step guide',
		description:
			'Worked examples of one- and two-step equations, with the balancing method explained.',
		subject: 'Mathematics',
		resourceType: 'document',
		file: {
			name: 'linear-equations-guide.txt',
			body: 'To solve 2x + 3 = 11: subtract 3 from both sides (2x = 8), then divide both by 2 (x = 4).\n',
		},
	},
	{
		title: 'Factorising quadratics worksheet',
		description: 'Twelve practice questions, easiest first, with answers on the last line.',
		subject: 'Mathematics',
		resourceType: 'worksheet',
		file: {
			name: 'factorising-worksheet.txt',
			body: '1) x^2 + 7x + 12\n2) x^2 - 16\n3) x^2 - 5x + 6\nAnswers: (x + 3)(x + 4); (x - 4)(x + 4); (x - 2)(x - 3)\n',
		},
	},
	{
		title: 'Graphing calculator',
		description: 'Plot lines and curves in the browser to check your answers.',
		subject: 'Mathematics',
		resourceType: 'link',
		url: 'https://www.desmos.com/calculator',
	},
]

/** The demo teacher's library, so students have something to open. Runs once: nothing happens if they already have resources. */
export async function seedDemoResources(db: Db, storage: Storage, teacherEmail: string) {
	const teacher = await db
		.selectFrom('users')
		.select('id')
		.where('email', '=', teacherEmail)
		.executeTakeFirst()
	if (!teacher) return
	const existing = await db
		.selectFrom('resources')
		.select('id')
		.where('tutor_id', '=', teacher.id)
		.executeTakeFirst()
	if (existing) return
	for (const resource of DEMO_RESOURCES) {
		const document = resource.file ? textDocument(resource.file.name, resource.file.body) : null
		await db
			.insertInto('resources')
			.values({
				tutor_id: teacher.id,
				title: resource.title,
				description: resource.description,
				subject: resource.subject,
				resource_type: resource.resourceType,
				file_key: document ? await storeDocument(storage, document) : null,
				file_name: document?.name ?? null,
				file_type: document?.contentType ?? null,
				file_size: document?.bytes.byteLength ?? null,
				url: resource.url ?? null,
			})
			.execute()
	}
}
