export { OKEI_UNITS } from '@/lib/domain/cost/okei';
