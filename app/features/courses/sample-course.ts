import { sampleCourse as sampleContent } from '../../../contract/sample-course.ts'
import type { Course } from './schema'

/**
 * The built-in sample advanced-mathematics course that teachersdashboard/course-details shows when
 * no course is given (spec section 2): the contract's sample course, which the reference API seeds
 * as a real one.
 */
export const sampleCourse: Course = {
	id: 'sample',
	...sampleContent,
	teacherId: null,
	// A person's name, the same in every language.
	// eslint-disable-next-line lingui/no-unlocalized-strings
	teacherName: 'Taylor Morgan',
	organizationId: null,
	organizationName: null,
	enrolledStudents: 0,
}
