import { RouteLoading } from '@/components/layout/RouteState';

/** Every page of the shell while its server part loads; the menu and the top bar stay. */
export default function Loading() {
  return <RouteLoading />;
}
