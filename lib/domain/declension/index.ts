export { declineFullName, genderOfName, initialsName, splitFullName, type Gender, type GrammarCase, type PersonName } from './person';
export { declinePosition } from './position';
