import { PAGE_SIZES, TERMINAL_MESSAGES, TERMINAL_TEXT, type TerminalApp } from '@app/shared';
import { Plus, SearchX, Smartphone } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { readError } from '../../api/errors.ts';
import {
  Button,
  cx,
  EmptyState,
  ErrorState,
  notify,
  OverlayLoader,
  PageHeader,
  Pagination,
  Skeleton,
  toPageAndTop,
  useMediaQuery,
  useStepBackFromEmptyPage,
} from '../../ui/index.ts';
import {
  EMPTY_TERMINAL_FILTERS,
  type TerminalFilters as Filters,
  hasTerminalFilters,
  useConnectRequest,
  useTerminalList,
} from './api.ts';
import { AppChoiceModal } from './app-choice-modal.tsx';
import { PendingTerminalCard } from './pending-terminal-card.tsx';
import { TERMINAL_COLUMNS, TERMINAL_GRID, TerminalCard } from './terminal-card.tsx';
import { TerminalFilters } from './terminal-filters.tsx';

/** Spec §2: the card takes its mobile layout at 720 px or less. */
export const TERMINALS_MOBILE_QUERY = '(max-width: 720px)';

export const PAGE_TEXT = {
  description: 'Телефоны, которые читают уведомления банка и подтверждают платежи.',
  connectFailed: 'Не удалось начать подключение терминала',
} as const;

// The pairing screens and qrcode.react load only when a terminal is being added.
const loadFlow = () => import('./add-terminal-flow.tsx');
const AddTerminalFlow = lazy(() => loadFlow().then((module) => ({ default: module.AddTerminalFlow })));

const SKELETON_ROWS = ['first', 'second', 'third'];

function ListSkeleton({ mobile }: { mobile: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-3" aria-busy="true" data-testid="terminals-loading">
      {SKELETON_ROWS.map((key) => (
        <Skeleton key={key} className={mobile ? 'h-48 rounded-xl' : 'h-[4.75rem] rounded-xl'} />
      ))}
    </div>
  );
}

/** A terminal being added: the pending terminal and the app chosen for it. */
interface Pairing {
  id: string;
  app: TerminalApp;
}

/**
 * The Terminals page (spec §2): 'Add Terminal Now', search by name or ID, the status filter, 10 cards per
 * page refreshed every 10 s (battery and online state), and the pairing flow: the app choice (issue 24),
 * connect-request, the one-time code, then the QR code or the forwarder app's setup screen.
 */
export function TerminalsPage() {
  const [filters, setFilters] = useState<Filters>(EMPTY_TERMINAL_FILTERS);
  const [page, setPage] = useState(1);
  const [choosing, setChoosing] = useState(false);
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const mobile = useMediaQuery(TERMINALS_MOBILE_QUERY);
  const list = useTerminalList(filters, page);
  const connect = useConnectRequest();

  const changeFilters = useCallback((next: Filters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const startPairing = async (app: TerminalApp) => {
    setChoosing(false);
    // The flow's chunk loads while the server creates the terminal and mails the code.
    void loadFlow();
    try {
      const answer = await connect.mutateAsync();
      setPairing({ id: answer.terminal_id, app });
    } catch (error) {
      notify.error(readError(error).answer('detail') ?? PAGE_TEXT.connectFailed);
    }
  };

  const count = list.data?.count ?? 0;
  const results = list.data?.results ?? [];

  useStepBackFromEmptyPage(list, page, setPage);
  const addButton = (
    <Button
      leftIcon={<Plus size={16} />}
      onClick={() => {
        void loadFlow();
        setChoosing(true);
      }}
      loading={connect.isPending}
    >
      {TERMINAL_TEXT.addButton}
    </Button>
  );

  let content: ReactNode;
  if (list.isPending) {
    content = <ListSkeleton mobile={mobile} />;
  } else if (list.isError && !list.data) {
    content = (
      <ErrorState
        message={readError(list.error).answer('detail') ?? TERMINAL_MESSAGES.loadFailed}
        retry={list}
      />
    );
  } else if (results.length === 0) {
    content = hasTerminalFilters(filters) ? (
      <EmptyState icon={<SearchX size={22} />} title={TERMINAL_TEXT.emptyFiltered} />
    ) : (
      <EmptyState icon={<Smartphone size={22} />} title={TERMINAL_TEXT.emptyNone} />
    );
  } else {
    content = (
      <div
        className={cx('@container transition-opacity', list.isPlaceholderData && 'opacity-60')}
        data-testid="terminals-list"
        data-layout={mobile ? 'mobile' : 'desktop'}
      >
        {/* One tree for both layouts, so a card (and a dialog it opened) survives crossing 720 px. */}
        <div className={mobile ? 'grid grid-cols-1 gap-3' : 'flex flex-col gap-2.5'}>
          {mobile ? null : (
            <div aria-hidden className={cx(TERMINAL_GRID, 'px-5 text-caption font-medium text-gray-500')}>
              {TERMINAL_COLUMNS.map((column) => (
                <span key={column}>{column}</span>
              ))}
            </div>
          )}
          {results.map((terminal) =>
            terminal.pending_until ? (
              <PendingTerminalCard key={terminal.id} terminal={terminal} mobile={mobile} />
            ) : (
              <TerminalCard key={terminal.id} terminal={terminal} mobile={mobile} />
            ),
          )}
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={TERMINAL_TEXT.title} description={PAGE_TEXT.description} actions={addButton} />
      <div className="mb-5">
        <TerminalFilters filters={filters} onChange={changeFilters} />
      </div>
      {content}
      <Pagination
        className="mt-6"
        page={page}
        total={count}
        pageSize={PAGE_SIZES.terminals}
        onPageChange={toPageAndTop(setPage)}
      />
      <AppChoiceModal open={choosing} onOpenChange={setChoosing} onChoose={startPairing} />
      {pairing ? (
        <Suspense fallback={<OverlayLoader />}>
          <AddTerminalFlow
            key={pairing.id}
            terminalId={pairing.id}
            app={pairing.app}
            onClose={() => setPairing(null)}
            onRestart={() => {
              setPairing(null);
              void startPairing(pairing.app);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
