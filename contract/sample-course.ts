// Spec section 3's sample course, in full (decision 048): the reference API seeds it as a real
// course, and the app's teacher course-details shows it when no course is given. Its words are
// data, not a rule, but both programs state them, so they are written once.

export const sampleCourse = {
	title: 'Advanced Mathematics: Calculus and Linear Algebra',
	subtitle: 'Master limits, derivatives, integrals, vectors and matrices',
	description:
		'A rigorous course for students who want a deep understanding of calculus and linear algebra. Weekly live sessions, problem sets and a final project prepare you for university-level mathematics, engineering and data science.',
	thumbnail: null,
	level: 'Advanced' as const,
	category: 'Mathematics' as const,
	subcategory: 'Calculus',
	price: { amount: 299.99, currency: 'USD' as const, discounted: 249.99 },
	schedule: {
		startDate: '2027-01-11',
		endDate: '2027-04-02',
		sessionsPerWeek: 2,
		timeSlots: [
			{ day: 'Monday' as const, startTime: '18:00', endTime: '19:30' },
			{ day: 'Thursday' as const, startTime: '18:00', endTime: '19:30' },
		],
	},
	maxStudents: 30,
	prerequisites: ['Algebra II', 'Trigonometry', 'Pre-calculus or equivalent'],
	learningOutcomes: [
		'Compute limits, derivatives and integrals of elementary functions',
		'Apply calculus to optimisation and rates of change',
		'Solve systems of linear equations with matrices',
		'Work with vector spaces, eigenvalues and eigenvectors',
	],
	instructors: [{ name: 'Taylor Morgan', title: 'Lead instructor, M.Sc. Mathematics' }],
	modules: [
		{
			title: 'Limits and Continuity',
			description: 'The foundations of calculus: limits, continuity and the formal definition.',
			duration: '2 weeks',
			topics: ['Limits', 'One-sided limits', 'Continuity', 'Epsilon-delta definition'],
		},
		{
			title: 'Differentiation',
			description: 'Derivatives, their rules and their applications.',
			duration: '3 weeks',
			topics: ['Derivative rules', 'Chain rule', 'Implicit differentiation', 'Optimisation'],
		},
		{
			title: 'Integration',
			description: 'Definite and indefinite integrals and the fundamental theorem.',
			duration: '3 weeks',
			topics: [
				'Riemann sums',
				'Fundamental theorem of calculus',
				'Substitution',
				'Integration by parts',
			],
		},
		{
			title: 'Linear Algebra',
			description: 'Vectors, matrices and linear transformations.',
			duration: '4 weeks',
			topics: ['Matrices', 'Determinants', 'Vector spaces', 'Eigenvalues and eigenvectors'],
		},
	],
	languages: ['English'],
	certification: 'Certificate of completion',
	tags: ['calculus', 'linear algebra', 'university prep'],
	duration: { weeks: 12, hoursPerWeek: 3 },
	isPublished: true,
}
