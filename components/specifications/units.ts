export { OKEI_UNITS, okeiCodeOf, type OkeiUnit } from '@/lib/domain/cost/okei';
