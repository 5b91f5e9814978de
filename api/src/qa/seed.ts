import type { Db } from '../db.ts'
import { storedQuestions } from './present.ts'

const DEMO_TEACHER = 'teacher@example.com'
const DEMO_TEMPLATE = 'Algebra Foundations: quick check'

const option = (text: string, isCorrect = false) => ({ text, isCorrect })

/** One active template by the demo teacher, so the demo student can take a test at once. */
export async function seedQaDemo(db: Db): Promise<void> {
	const teacher = await db
		.selectFrom('users')
		.select('id')
		.where('email', '=', DEMO_TEACHER)
		.executeTakeFirst()
	if (!teacher) return
	const existing = await db
		.selectFrom('qa_templates')
		.select('id')
		.where('created_by', '=', teacher.id)
		.where('title', '=', DEMO_TEMPLATE)
		.executeTakeFirst()
	if (existing) return
	const questions = storedQuestions([
		{
			id: 1,
			questionText: 'Solve for x: 2x + 3 = 11',
			options: [option('x = 3'), option('x = 4', true), option('x = 7'), option('x = 8')],
		},
		{
			id: 2,
			questionText: 'Which expression equals 3(a + 2)?',
			options: [option('3a + 2'), option('3a + 5'), option('3a + 6', true), option('a + 6')],
		},
		{
			id: 3,
			questionText: 'What is the slope of the line y = -2x + 5?',
			options: [option('-2', true), option('2'), option('5'), option('-5')],
		},
		{
			id: 4,
			questionText: 'Simplify: x² · x³',
			options: [option('x⁶'), option('x⁵', true), option('2x⁵'), option('x¹')],
		},
	])
	await db
		.insertInto('qa_templates')
		.values({
			created_by: teacher.id,
			title: DEMO_TEMPLATE,
			description: 'Four questions on linear equations, expressions and exponents.',
			time_limit: 15,
			is_active: true,
			questions: JSON.stringify(questions),
		})
		.execute()
}
