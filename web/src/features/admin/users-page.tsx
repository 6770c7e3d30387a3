/**
 * The console's users (issue 27): search by email, username or id, a role filter and pages, all on the
 * server; «Создать аккаунт» (merchant, support or admin) confirmed with a mailed code (create_user).
 */
import {
  ADMIN_CREATABLE_ROLES,
  ADMIN_MESSAGES,
  type AdminUserListItem,
  adminCreateUserBody,
  ROLE_LABELS,
  USER_ROLES,
} from '@app/shared';
import { emailField } from '@app/shared/auth/rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormModalFooter } from '../../ui/form-modal-footer.tsx';
import {
  ArrowLink,
  Badge,
  Button,
  Card,
  Field,
  FilterBar,
  formatDate,
  formatUsdtText,
  Input,
  Modal,
  notify,
  PageHeader,
  Pagination,
  SearchField,
  useDebouncedSearch,
} from '../../ui/index.ts';
import { LabelledSelect, QueryBody, useOtpStep } from './admin-parts.tsx';
import { ADMIN_TEXT, USERS_TEXT as T } from './admin-text.ts';
import { ADMIN_PAGE_SIZE, useAdminUsers, useCreateUser } from './api.ts';

/** The create form: the shared contract without the code (asked for after), the email checked as at sign-up. */
const createForm = adminCreateUserBody.omit({ otp: true }).extend({ email: emailField });
type CreateForm = z.infer<typeof createForm>;

const ROLE_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['', T.allRoles],
  ...USER_ROLES.map((role) => [role, ROLE_LABELS[role]] as const),
];

function CreateUserModal({ onClose }: { onClose: () => void }) {
  const create = useCreateUser();
  const navigate = useNavigate();
  const otp = useOtpStep('create_user', T.confirmCreate, onClose);
  const [asking, setAsking] = useState(true);
  const { register, handleSubmit, formState } = useForm<CreateForm>({
    resolver: zodResolver(createForm),
    defaultValues: { email: '', role: 'merchant' },
  });
  const submit = handleSubmit(async (values) => {
    const sent = await otp.start(
      async (code) => {
        const user = await create.mutateAsync({ ...values, otp: code });
        notify.success(ADMIN_MESSAGES.userCreated);
        navigate(`/admin/users/${user.id}`);
      },
      <p className="text-center text-small text-gray-600">
        {ROLE_LABELS[values.role]}: <span data-literal>{values.email}</span>
      </p>,
    );
    if (sent) setAsking(false);
  });
  return (
    <>
      <Modal
        open={asking}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={T.create}
        description={T.createDescription}
        size="sm"
        footer={
          <FormModalFooter
            formId="admin-create-user"
            submitLabel={T.next}
            onCancel={onClose}
            submitting={formState.isSubmitting}
          />
        }
      >
        <form id="admin-create-user" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label={T.email} required error={formState.errors.email?.message}>
            <Input
              type="email"
              autoComplete="off"
              leading={<Mail size={16} />}
              placeholder={T.emailPlaceholder}
              autoFocus
              {...register('email')}
            />
          </Field>
          <LabelledSelect
            label={T.role}
            options={ADMIN_CREATABLE_ROLES.map((role) => [role, ROLE_LABELS[role]] as const)}
            {...register('role')}
          />
        </form>
      </Modal>
      {otp.modal}
    </>
  );
}

function UserRow({ user }: { user: AdminUserListItem }) {
  return (
    <li
      className="grid grid-cols-1 gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:px-6"
      data-testid="admin-user-row"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate text-small font-medium text-gray-900" data-literal>
            {user.email}
          </span>
          <Badge tone="brand">{ROLE_LABELS[user.role]}</Badge>
          {user.is_lead ? <Badge tone="info">{T.lead}</Badge> : null}
          {user.blocked ? <Badge tone="danger">{T.blocked}</Badge> : null}
        </div>
        <p className="text-caption text-gray-500">
          {user.username ? <span data-literal>{user.username} · </span> : null}
          {T.available}: {formatUsdtText(user.available)}
          {user.role === 'trader' ? ` · ${T.rating}: ${user.rating.replace('.', ',')}` : ''} · {T.created}{' '}
          {formatDate(user.created_at)}
        </p>
      </div>
      <ArrowLink to={`/admin/users/${user.id}`} className="justify-self-start sm:justify-self-end">
        {T.open}
      </ArrowLink>
    </li>
  );
}

/** /admin/users */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [text, setText] = useDebouncedSearch(search, (next) => {
    setSearch(next.trim());
    setPage(1);
  });
  const users = useAdminUsers({ search, role }, page);
  return (
    <>
      <PageHeader
        title={T.title}
        description={T.description}
        actions={
          <Button leftIcon={<UserPlus size={16} />} onClick={() => setCreating(true)}>
            {T.create}
          </Button>
        }
      />
      <FilterBar
        className="mb-4"
        search={<SearchField text={text} onTextChange={setText} placeholder={T.search} maxLength={254} />}
      >
        <LabelledSelect
          label={T.role}
          options={ROLE_OPTIONS}
          value={role}
          className="col-span-2 sm:w-48"
          onChange={(event) => {
            setRole(event.target.value);
            setPage(1);
          }}
        />
      </FilterBar>
      <Card padding="none">
        <QueryBody
          query={users}
          testId="admin-users"
          empty={search || role ? ADMIN_TEXT.emptyFiltered : T.empty}
          isEmpty={(data) => data.results.length === 0}
        >
          {(data) => (
            <>
              <ul className="divide-y divide-gray-100" data-testid="admin-users">
                {data.results.map((user) => (
                  <UserRow key={user.id} user={user} />
                ))}
              </ul>
              <Pagination
                className="py-4"
                page={page}
                total={data.count}
                pageSize={ADMIN_PAGE_SIZE}
                onPageChange={setPage}
              />
            </>
          )}
        </QueryBody>
      </Card>
      {creating ? <CreateUserModal onClose={() => setCreating(false)} /> : null}
    </>
  );
}
