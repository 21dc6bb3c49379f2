'use client';

import dynamic from 'next/dynamic';
import { ListLoading } from '@/components/layout/ListLoading';
import styles from './demo.module.css';

/**
 * Demo pages whose whole content is one heavy PrimeReact showcase, app or form (DataTable, Calendar, MultiSelect,
 * Tree, PickList, Galleria…): their code loads right after the shell is painted, so none of it weighs on the
 * page's first load (`npm run bench -- page-weight`). Until then «Загрузка…» holds the content's place (a screen
 * tall, so nothing below it jumps).
 */
function DemoLoading() {
  return (
    <div className={styles.lazy}>
      <ListLoading />
    </div>
  );
}

export const TableDemo = dynamic(() => import('./uikit/TableDemo').then((m) => m.TableDemo), { ssr: false, loading: DemoLoading });
export const InputDemo = dynamic(() => import('./uikit/InputDemo').then((m) => m.InputDemo), { ssr: false, loading: DemoLoading });
export const FloatLabelDemo = dynamic(() => import('./uikit/FloatLabelDemo').then((m) => m.FloatLabelDemo), { ssr: false, loading: DemoLoading });
export const InvalidStateDemo = dynamic(() => import('./uikit/InvalidStateDemo').then((m) => m.InvalidStateDemo), { ssr: false, loading: DemoLoading });
export const ListDemo = dynamic(() => import('./uikit/ListDemo').then((m) => m.ListDemo), { ssr: false, loading: DemoLoading });
export const MediaDemo = dynamic(() => import('./uikit/MediaDemo').then((m) => m.MediaDemo), { ssr: false, loading: DemoLoading });
export const TreeDemo = dynamic(() => import('./uikit/TreeDemo').then((m) => m.TreeDemo), { ssr: false, loading: DemoLoading });
export const CrudPage = dynamic(() => import('./crud/CrudPage').then((m) => m.CrudPage), { ssr: false, loading: DemoLoading });
export const BankingDashboard = dynamic(() => import('./banking/BankingDashboard').then((m) => m.BankingDashboard), { ssr: false, loading: DemoLoading });
export const FilesApp = dynamic(() => import('./files/FilesApp').then((m) => m.FilesApp), { ssr: false, loading: DemoLoading });
export const TaskListApp = dynamic(() => import('./tasklist/TaskListApp').then((m) => m.TaskListApp), { ssr: false, loading: DemoLoading });
export const NewProduct = dynamic(() => import('./shop/NewProduct').then((m) => m.NewProduct), { ssr: false, loading: DemoLoading });
export const ProductList = dynamic(() => import('./shop/ProductList').then((m) => m.ProductList), { ssr: false, loading: DemoLoading });
export const OrderHistory = dynamic(() => import('./shop/OrderHistory').then((m) => m.OrderHistory), { ssr: false, loading: DemoLoading });
export const OrderSummary = dynamic(() => import('./shop/OrderSummary').then((m) => m.OrderSummary), { ssr: false, loading: DemoLoading });
export const ProfileList = dynamic(() => import('./profile/ProfileList').then((m) => m.ProfileList), { ssr: false, loading: DemoLoading });
