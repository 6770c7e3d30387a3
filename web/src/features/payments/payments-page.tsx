import {
  EMPTY_PAYMENT_FILTERS,
  hasPaymentFilters,
  PAGE_SIZES,
  PAYMENT_TEXT,
  type PaymentListFilters,
} from '@app/shared';
import { CreditCard, Plus, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import {
  Button,
  cx,
  EmptyState,
  ErrorState,
  ListPagePagination,
  PageHeader,
  useMediaQuery,
} from '../../ui/index.ts';
import { SkeletonGrid } from '../../ui/skeleton-stack.tsx';
import { AddPaymentModal } from './add-payment-modal.tsx';
import { useBanks, usePaymentList } from './api.ts';
import { DESKTOP_GRID, PaymentCard } from './payment-card.tsx';
import { PaymentFilters } from './payment-filters.tsx';

/** From this viewport width the list shows one wide row per method (spec §9 breakpoint 1260px). */
export const PAYMENTS_DESKTOP_QUERY = '(min-width: 1260px)';

const DESKTOP_COLUMNS = ['Банк / владелец', 'Реквизиты', 'Режим', 'Рейтинг'];

/**
 * The Payments page (spec §2): the trader's payment methods with filters, 20 per page, in a desktop and a
 * mobile layout, and the 'Add Payment Method' modal.
 */
export function PaymentsPage() {
  const [filters, setFilters] = useState<PaymentListFilters>(EMPTY_PAYMENT_FILTERS);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const desktop = useMediaQuery(PAYMENTS_DESKTOP_QUERY);
  const banks = useBanks();
  const list = usePaymentList(filters, page);

  const changeFilters = useCallback((next: PaymentListFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const count = list.data?.count ?? 0;
  const results = list.data?.results ?? [];
  const filtered = hasPaymentFilters(filters);
  const addButton = (
    <Button leftIcon={<Plus size={16} />} onClick={() => setAdding(true)}>
      {PAYMENT_TEXT.addButton}
    </Button>
  );

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <SkeletonGrid
        rows={4}
        shape={desktop ? 'h-[4.5rem] rounded-xl' : 'h-56 rounded-xl'}
        columns={!desktop && 'min-[720px]:grid-cols-2'}
      />
    );
  } else if (list.isError && !list.data) {
    content = <ErrorState message={PAYMENT_TEXT.listLoadFailed} retry={list} />;
  } else if (results.length === 0) {
    content = filtered ? (
      <EmptyState icon={<SearchX size={22} />} title={PAYMENT_TEXT.emptyFiltered} />
    ) : (
      <EmptyState icon={<CreditCard size={22} />} title={PAYMENT_TEXT.emptyNone} action={addButton} />
    );
  } else {
    content = (
      <div className={cx('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        {desktop ? (
          <div className="flex flex-col gap-2.5" data-testid="payments-list" data-layout="desktop">
            <div aria-hidden className={cx(DESKTOP_GRID, 'px-5 text-caption font-medium text-gray-500')}>
              {DESKTOP_COLUMNS.map((column) => (
                <span key={column}>{column}</span>
              ))}
              <span>Online</span>
            </div>
            {results.map((method) => (
              <PaymentCard key={method.id} method={method} layout="desktop" />
            ))}
          </div>
        ) : (
          // grid-cols-1 is minmax(0, 1fr): an implicit auto column grows to the cards' min-content width and
          // pushed them 30 px past a 320 px screen.
          <div
            className="grid grid-cols-1 gap-3 min-[720px]:grid-cols-2"
            data-testid="payments-list"
            data-layout="mobile"
          >
            {results.map((method) => (
              <PaymentCard key={method.id} method={method} layout="mobile" />
            ))}
          </div>
        )}
      </div>
    );
  }

  return (
    <>
      <PageHeader title={PAYMENT_TEXT.title} actions={addButton} />
      <div className="mb-5">
        <PaymentFilters filters={filters} onChange={changeFilters} banks={banks.data ?? []} />
      </div>
      {content}
      <ListPagePagination page={page} total={count} pageSize={PAGE_SIZES.payments} setPage={setPage} />
      <AddPaymentModal open={adding} onOpenChange={setAdding} />
    </>
  );
}
