import { CalendarCog } from 'lucide-react';
import type { AdminPlayer } from '@touchline/shared';
import { useId, useState } from 'react';
import type { BlockTarget } from '../shared';
import {
  AdminPage,
  AdminTable,
  AdminToolbar,
  Badge,
  BlockDialog,
  CELL,
  Pager,
  ReasonDialog,
  BlockRowButton,
  MessageRowButton,
  RowButton,
  SearchBox,
  calendarDate,
  errorText,
  lagosDate,
  searchParam,
  useCursorPager,
  useListQuery,
} from '../shared';
import { useCorrectDob, usePlayers } from './players-api';

const COLUMNS = ['Player', 'Date of birth', 'Location', 'Status', 'Joined', 'Actions'] as const;

type DobTarget = Pick<AdminPlayer, 'id' | 'username' | 'dob'>;

/** The address's query: `?search=`. */
const QUERY = { search: searchParam };

/**
 * `/admin/playerview`: every player, newest first (administrators see minors' details, §13) —
 * search by name or e-mail (`?search=`, kept in the address), block or unblock with a reason,
 * correct a date of birth, message them (`/admin/chat/<thread>`).
 */
export function AdminPlayersScreen() {
  const [{ search }, setQuery] = useListQuery(QUERY);
  const pager = useCursorPager({ search });
  const players = usePlayers({ search, before: pager.before });
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  const [correcting, setCorrecting] = useState<DobTarget | null>(null);
  const rows = players.data?.results ?? [];

  return (
    <AdminPage
      title="Players"
      description="Look players up, block or unblock them, correct a date of birth."
    >
      <AdminToolbar>
        <SearchBox
          label="Search players"
          placeholder="Name or e-mail"
          value={search}
          onSearch={(next) => setQuery({ search: next })}
        />
      </AdminToolbar>

      <AdminTable
        caption="Players"
        columns={COLUMNS}
        minWidth="min-w-[50rem]"
        query={players}
        rowCount={rows.length}
        empty={search ? 'No players match this search.' : 'No players have signed up yet.'}
        footer={<Pager pager={pager} next={players.data?.next} busy={players.isPlaceholderData} />}
      >
        {rows.map((player) => (
          <tr key={player.id}>
            <th scope="row" className={`${CELL.first} font-normal`}>
              <span className="block font-medium text-slate-900">{player.username}</span>
              <span className="block max-w-64 text-xs break-all text-slate-500">
                {player.email}
              </span>
              {player.sports.length > 0 ? (
                <span className="block text-xs text-slate-500 capitalize">
                  {player.sports.join(', ')}
                </span>
              ) : null}
            </th>
            <td className={CELL.middle}>
              <span className="block whitespace-nowrap text-slate-800">
                {player.dob ? calendarDate(player.dob) : 'Unknown'}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-500">
                {player.age === null ? null : <span>{player.age} years</span>}
                {player.minor ? <Badge tone="violet">{player.age_band ?? 'Minor'}</Badge> : null}
              </span>
            </td>
            <td className={`${CELL.middle} text-slate-700`}>
              {[player.district, player.state].filter(Boolean).join(', ') || '—'}
            </td>
            <td className={CELL.middle}>
              <span className="flex flex-wrap gap-1">
                {player.blocked ? (
                  <Badge tone="red">Blocked</Badge>
                ) : (
                  <Badge tone="green">Active</Badge>
                )}
                {player.email_verified ? null : <Badge tone="blue">E-mail unconfirmed</Badge>}
              </span>
              {player.blocked && player.blocked_reason ? (
                <span className="mt-1 block max-w-56 text-xs text-slate-500">
                  {player.blocked_reason}
                </span>
              ) : null}
            </td>
            <td className={`${CELL.middle} whitespace-nowrap text-slate-600`}>
              {lagosDate(player.created_at)}
            </td>
            <td className={CELL.lastLeft}>
              <span className="flex flex-col items-start gap-1.5">
                <MessageRowButton userId={player.id} name={player.username} />
                <RowButton
                  label={`Correct date of birth of ${player.username}`}
                  icon={<CalendarCog aria-hidden="true" className="size-4" />}
                  onClick={() => setCorrecting(player)}
                >
                  Date of birth
                </RowButton>
                <BlockRowButton
                  name={player.username}
                  blocked={player.blocked}
                  onClick={() => setBlocking(player)}
                />
              </span>
            </td>
          </tr>
        ))}
      </AdminTable>

      <BlockDialog target={blocking} noun="player" onClose={() => setBlocking(null)} />
      <DobDialog
        key={correcting?.id ?? 'none'}
        player={correcting}
        onClose={() => setCorrecting(null)}
      />
    </AdminPage>
  );
}

/** Corrects a date of birth: the new date and a reason (both go into the audit log). */
function DobDialog({ player, onClose }: { player: DobTarget | null; onClose: () => void }) {
  const dateId = useId();
  const [dob, setDob] = useState(player?.dob ?? '');
  const [missing, setMissing] = useState(false);
  const mutation = useCorrectDob(onClose);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
  return (
    <ReasonDialog
      open={player !== null}
      title={`Correct the date of birth of ${player?.username ?? ''}`}
      description={
        player?.dob
          ? `Now ${calendarDate(player.dob)}. The player cannot change it themselves.`
          : 'No date of birth on file. The player cannot change it themselves.'
      }
      confirmLabel="Save date of birth"
      placeholder="Why is it corrected? (e.g. a birth certificate was checked)"
      busy={mutation.isPending}
      error={errorText(mutation.error)}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={(reason) => {
        if (!dob) {
          setMissing(true);
          return;
        }
        if (player) mutation.mutate({ id: player.id, username: player.username, dob, reason });
      }}
    >
      <div>
        <label htmlFor={dateId} className="field-label">
          Date of birth
        </label>
        <input
          id={dateId}
          type="date"
          value={dob}
          max={today}
          required
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${dateId}-message` : undefined}
          onChange={(event) => {
            setDob(event.target.value);
            setMissing(false);
          }}
          className="field-input focus:border-slate-700 focus:ring-slate-700/20"
        />
        {missing ? (
          <p id={`${dateId}-message`} role="alert" className="mt-1.5 text-sm text-red-600">
            Enter the date of birth
          </p>
        ) : null}
      </div>
    </ReasonDialog>
  );
}
