export { declineFullName, genderOfName, initialsName, splitFullName } from './person';
export { declinePosition } from './position';
