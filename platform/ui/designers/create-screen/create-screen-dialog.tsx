import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type DataSourceFields, platformConstants } from '#metadata';
import { failureText } from '../../engine/failure-text';
import { useCan } from '../../engine/use-can';
import { HttpError } from '../../http';
import { useLanguageStore } from '../../i18n';
import { useTranslate } from '../data-source/use-translate';
import { gridPageApi } from '../grid-page/grid-page-api';
import { menuApi, type TaggedMenu } from '../menu/menu-api';
import { menuItemsOf, menuTreeOf } from '../menu/menu-nodes';
import { endOfMenu, type MenuPosition, withNewItem } from './menu-position';
import { MenuPositionPicker } from './menu-position-picker';
import { screenPageOf, screenUrlOf, userColumnFields } from './screen-page';

export interface CreateScreenDialogProps {
  opened: boolean;
  onClose(): void;
  source: { Id: number; Name: string };
}

type Load<T> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };

function useLoad<T>(active: boolean, load: () => Promise<T>, failed: string): Load<T> {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  useEffect(() => {
    if (!active) return;
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) =>
        live && setState({ status: 'failed', message: failureText(error, failed) }),
    );
    return () => {
      live = false;
    };
    // `load` is rebuilt each render; what it reads is in `active`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
  return state;
}

function Loading({ label }: { label: string }) {
  return (
    <Group justify="center" py="md">
      <Loader type="dots" aria-label={label} />
    </Group>
  );
}

/** Step 1: the screen's title and its columns (the source's own fields), then it is created. */
function ScreenStep({
  source,
  onCreated,
  onCancel,
}: {
  source: CreateScreenDialogProps['source'];
  onCreated(id: number, title: string): void;
  onCancel(): void;
}) {
  const t = useTranslate();
  const fields = useLoad<DataSourceFields>(
    true,
    () => gridPageApi.fields(source.Id),
    t('CREATE_SCREEN.FIELDS_FAILED'),
  );
  const [title, setTitle] = useState(source.Name);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (fields.status === 'loading') return <Loading label={t('CREATE_SCREEN.FIELDS_LOADING')} />;
  if (fields.status === 'failed') return <Alert color="red">{fields.message}</Alert>;
  const columns = userColumnFields(fields.value);
  const chosen = fields.value.filter((field) => !left.has(field.Name));
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await gridPageApi.save(screenPageOf(source.Id, title, chosen));
      onCreated(saved.Id, saved.PageTitle);
    } catch (caught) {
      const body =
        caught instanceof HttpError ? (caught.body as { AlreadyExists?: boolean } | null) : null;
      setError(
        body?.AlreadyExists
          ? t('CREATE_SCREEN.TITLE_TAKEN')
          : failureText(caught, t('CREATE_SCREEN.CREATE_FAILED')),
      );
    } finally {
      setBusy(false);
    }
  };
  const toggle = (name: string, shown: boolean) => {
    const next = new Set(left);
    if (shown) next.delete(name);
    else next.add(name);
    setLeft(next);
  };
  const noColumns = columns.every((field) => left.has(field.Name));
  return (
    <Stack gap="sm">
      <TextInput
        label={t('CREATE_SCREEN.SCREEN_TITLE')}
        required
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={error ?? undefined}
        maxLength={200}
      />
      <Checkbox.Group
        label={t('CREATE_SCREEN.COLUMNS')}
        description={t('CREATE_SCREEN.COLUMNS_HELP')}
        value={columns.filter((field) => !left.has(field.Name)).map((field) => field.Name)}
      >
        <Stack gap={6} mt="xs">
          {columns.map((field) => (
            <Checkbox
              key={field.Name}
              value={field.Name}
              label={field.Title || field.Name}
              onChange={(event) => toggle(field.Name, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {columns.length === 0 && <Alert color="orange">{t('CREATE_SCREEN.NO_FIELDS')}</Alert>}
      <Text size="sm" c="dimmed">
        {t('CREATE_SCREEN.ACTIONS_NOTE')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('CREATE_SCREEN.CANCEL')}
        </Button>
        <Button onClick={() => void create()} loading={busy} disabled={!title.trim() || noColumns}>
          {t('CREATE_SCREEN.CREATE')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 2: where the screen goes in the menu; the menu is saved and the screen opened. */
function MenuStep({ screen, onDone }: { screen: { id: number; title: string }; onDone(): void }) {
  const t = useTranslate();
  const can = useCan();
  const navigate = useNavigate();
  const { defaultLanguage, fakeLanguage } = platformConstants;
  const uiLanguage = useLanguageStore((store) => store.language);
  const language = uiLanguage === fakeLanguage ? defaultLanguage : uiLanguage;
  const allowed = can('ManageMenu');
  const menu = useLoad<TaggedMenu>(
    allowed,
    () => menuApi.load(language),
    t('CREATE_SCREEN.MENU_FAILED'),
  );
  const [position, setPosition] = useState<MenuPosition>(endOfMenu);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = screenUrlOf(screen.id);
  const open = () => {
    onDone();
    void navigate(url);
  };
  const openButton = (
    <Button variant={allowed ? 'default' : 'filled'} onClick={open}>
      {t(allowed ? 'CREATE_SCREEN.OPEN_WITHOUT_MENU' : 'CREATE_SCREEN.OPEN')}
    </Button>
  );
  if (!allowed) {
    return (
      <Stack gap="sm">
        <Alert color="blue">{t('CREATE_SCREEN.MENU_NOT_YOURS')}</Alert>
        <Group justify="flex-end">{openButton}</Group>
      </Stack>
    );
  }
  if (menu.status === 'loading') return <Loading label={t('CREATE_SCREEN.MENU_LOADING')} />;
  if (menu.status === 'failed') {
    return (
      <Stack gap="sm">
        <Alert color="red">{menu.message}</Alert>
        <Group justify="flex-end">{openButton}</Group>
      </Stack>
    );
  }
  const nodes = menuTreeOf(menu.value.items);
  const place = async () => {
    const placed = withNewItem(nodes, position, { Name: screen.title, Url: url });
    if (!placed) return;
    setBusy(true);
    setError(null);
    try {
      await menuApi.save({ Language: language, MenuItems: menuItemsOf(placed) }, menu.value.etag);
      open();
    } catch (caught) {
      setError(
        caught instanceof HttpError && caught.status === 409
          ? t('CREATE_SCREEN.MENU_STALE')
          : failureText(caught, t('CREATE_SCREEN.MENU_SAVE_FAILED')),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <MenuPositionPicker
        nodes={nodes}
        position={position}
        name={screen.title}
        onChange={setPosition}
      />
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        {openButton}
        <Button onClick={() => void place()} loading={busy}>
          {t('CREATE_SCREEN.PLACE')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Create a screen" for a saved data source, in two steps that lead one to the next: a grid
 * page with the source's own fields as columns (and New, Edit and Delete), then its place in
 * the menu (under which item, before or after which); the screen opens at the end.
 */
export function CreateScreenDialog({ opened, onClose, source }: CreateScreenDialogProps) {
  const t = useTranslate();
  const [screen, setScreen] = useState<{ id: number; title: string } | null>(null);
  const close = () => {
    setScreen(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('CREATE_SCREEN.TITLE', { name: source.Name })}
      size="lg"
    >
      <Stepper active={screen ? 1 : 0} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step
          label={t('CREATE_SCREEN.STEP_SCREEN')}
          description={t('CREATE_SCREEN.STEP_SCREEN_HELP')}
        >
          <ScreenStep
            source={source}
            onCreated={(id, title) => setScreen({ id, title })}
            onCancel={close}
          />
        </Stepper.Step>
        <Stepper.Step
          label={t('CREATE_SCREEN.STEP_MENU')}
          description={t('CREATE_SCREEN.STEP_MENU_HELP')}
        >
          {screen && <MenuStep screen={screen} onDone={close} />}
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
