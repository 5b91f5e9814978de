import { sampleCourse } from '../../../contract/sample-course.ts'
import type { Db } from '../db.ts'
import type { CourseInput } from './schemas.ts'

type Optional = 'subtitle' | 'thumbnail' | 'subcategory' | 'certification'
const course = (
	input: Omit<CourseInput, Optional> & Partial<Pick<CourseInput, Optional>>,
): CourseInput => ({
	subtitle: null,
	thumbnail: null,
	subcategory: null,
	certification: null,
	...input,
})
import { insertCourse, updateCourse } from './repository.ts'

/** Spec section 3's sample course, in full. The app's teacher course-details shows the same one. */
export const SAMPLE_COURSE: CourseInput = course(sampleCourse)

const TEACHER_COURSES: CourseInput[] = [
	SAMPLE_COURSE,
	course({
		title: 'Introduction to Python Programming',
		subtitle: 'Write your first programs, step by step',
		description:
			'Learn programming from zero with Python: variables, loops, functions, files and a small project of your own. No experience needed.',
		level: 'Beginner',
		category: 'Programming',
		subcategory: 'Python',
		price: { amount: 149, currency: 'USD', discounted: null },
		maxStudents: 40,
		prerequisites: [],
		learningOutcomes: [
			'Write and run Python scripts',
			'Use lists, dictionaries and functions',
			'Read and write files',
		],
		modules: [
			{
				title: 'Getting started',
				description: '',
				duration: '1 week',
				topics: ['Installing Python', 'Your first script'],
			},
			{
				title: 'Control flow',
				description: '',
				duration: '2 weeks',
				topics: ['Conditions', 'Loops'],
			},
			{
				title: 'Functions and data',
				description: '',
				duration: '2 weeks',
				topics: ['Functions', 'Lists', 'Dictionaries'],
			},
		],
		languages: ['English'],
		certification: 'Certificate of completion',
		tags: ['python', 'coding'],
		duration: { weeks: 6, hoursPerWeek: 4 },
		isPublished: true,
	}),
	course({
		title: 'Conversational Spanish',
		subtitle: 'Speak with confidence in everyday situations',
		description:
			'Practise real conversations in small groups: introductions, travel, shopping and food. Every session is spoken practice with feedback.',
		level: 'Beginner',
		category: 'Languages',
		subcategory: 'Spanish',
		price: { amount: 89, currency: 'USD', discounted: 69 },
		maxStudents: 12,
		learningOutcomes: ['Introduce yourself and others', 'Order food and ask for directions'],
		languages: ['Spanish', 'English'],
		tags: ['spanish', 'speaking'],
		duration: { weeks: 8, hoursPerWeek: 2 },
		isPublished: true,
	}),
	course({
		title: 'Chemistry Essentials',
		subtitle: 'Atoms, bonds and reactions for high-school students',
		description:
			'A clear path through the chemistry curriculum: atomic structure, the periodic table, bonding, stoichiometry and reactions, with worked examples.',
		level: 'Intermediate',
		category: 'Science',
		subcategory: 'Chemistry',
		price: { amount: 129, currency: 'USD', discounted: null },
		prerequisites: ['Basic algebra'],
		learningOutcomes: ['Balance chemical equations', 'Explain ionic and covalent bonding'],
		languages: ['English'],
		tags: ['chemistry'],
		duration: { weeks: 10, hoursPerWeek: 2.5 },
		isPublished: true,
	}),
]

const ORGANIZATION_COURSE: CourseInput = course({
	title: 'SAT Math Preparation',
	subtitle: 'Strategies and timed practice for the math section',
	description:
		'Review every topic of the SAT math section, learn time-saving strategies and sit three full timed practice tests with detailed feedback.',
	level: 'Intermediate',
	category: 'Test Preparation',
	subcategory: 'SAT',
	price: { amount: 199, currency: 'USD', discounted: 179 },
	maxStudents: 25,
	learningOutcomes: ['Solve SAT-style problems under time pressure', 'Avoid common traps'],
	languages: ['English'],
	tags: ['sat', 'exam prep'],
	duration: { weeks: 6, hoursPerWeek: 3 },
	isPublished: true,
})

/** The demo teacher's demo course (the first, should there be two), once both exist. */
export const findDemoCourse = (db: Db) =>
	db
		.selectFrom('courses')
		.innerJoin('users', 'users.id', 'courses.tutor_id')
		.select(['courses.id', 'courses.tutor_id'])
		.where('users.email', '=', 'teacher@example.com')
		.where('courses.title', '=', 'Algebra Foundations')
		.orderBy('courses.created_at')
		.executeTakeFirst()

/**
 * The demo catalogue: published courses across categories and levels by the demo teacher and one
 * by the demo organization. Runs once: the sample course's presence marks it done.
 */
export async function seedCourses(db: Db, emails: { teacher: string; organization: string }) {
	const [teacher, organization] = await Promise.all([
		db.selectFrom('users').select('id').where('email', '=', emails.teacher).executeTakeFirst(),
		db
			.selectFrom('organizations')
			.select('id')
			.where('email', '=', emails.organization)
			.executeTakeFirst(),
	])
	if (!teacher || !organization) return
	const done = await db
		.selectFrom('courses')
		.select('id')
		.where('tutor_id', '=', teacher.id)
		.where('title', '=', SAMPLE_COURSE.title)
		.executeTakeFirst()
	if (done) return

	// The foundation's demo course predates course details: give it a price and a description.
	const algebra = await db
		.selectFrom('courses')
		.select('id')
		.where('tutor_id', '=', teacher.id)
		.where('title', '=', 'Algebra Foundations')
		.executeTakeFirst()
	if (algebra) {
		await updateCourse(db, algebra.id, {
			subtitle: 'Equations, functions and graphs from the ground up',
			description:
				'Build solid algebra skills: expressions, linear equations, inequalities, functions and graphs, with plenty of guided practice.',
			level: 'Beginner',
			category: 'Mathematics',
			subcategory: 'Algebra',
			price: { amount: 49, currency: 'USD', discounted: null },
			learningOutcomes: ['Solve linear equations and inequalities', 'Graph linear functions'],
			languages: ['English'],
			duration: { weeks: 4, hoursPerWeek: 2 },
		})
	}
	for (const input of TEACHER_COURSES) {
		await insertCourse(db, input, { tutorId: teacher.id, organizationId: null })
	}
	await insertCourse(db, ORGANIZATION_COURSE, { tutorId: null, organizationId: organization.id })
}
