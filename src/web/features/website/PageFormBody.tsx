/**
 * The page form (spec §2 Page-build): the content's rich-text editor (400 px) on the left, the four
 * tabs (Details, SEO, OG, Resource) on the right; stacked on a phone. A message for a field on a
 * hidden tab brings its tab forward, so the admin sees what to fix.
 */
import { Grid, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATEGORY_FIELDS, PAGE_CONTENT_TYPES, type PageContentType } from '../../../common/schemas/pages';
import { RichTextField } from '../../components/editor/RichTextEditor';
import { TextField } from '../../components/forms/fields';
import { DateTimeField } from '../../components/forms/DateTimeField';
import { RadioGroupField, TextareaField } from '../../components/forms/moreFields';
import { errorPaths, revealFirstError } from '../../components/forms/revealFirstError';
import { UploadField } from '../../components/upload/UploadField';
import { useLanguage } from '../../i18n';
import { localizeDigits } from '../../i18n/format';
import { ResourceSelect } from '../../resources/SpecFields';
import { PAGE_TABS, tabOf, tabWithError, type PageTab } from './pageTabs';
import { publicPageAddress } from './publicAddress';

/** Spec §2, §9: the page's photo and its Open Graph image. */
const PHOTO = { width: 1000, height: 600 };
const OG_IMAGE = { width: 300, height: 300 };
const EDITOR_HEIGHT = 400;

const CATEGORY_APIS: Record<Exclude<PageContentType, 'page'>, string> = {
  blog: 'blog-categories',
  news: 'news-categories',
  notice: 'notice-categories',
};

/** A page's photo or OG image: fitted by the server to `size`, which the hint under the field states. */
function PageImageField({ name, size }: { name: 'image' | 'og_image'; size: { width: number; height: number } }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <UploadField
      name={name}
      label={t(`pages.fields.${name}`)}
      description={t('upload.sizeHint', { width: localizeDigits(String(size.width), lang), height: localizeDigits(String(size.height), lang) })}
      width={size.width}
      height={size.height}
      folder="pages"
    />
  );
}

function CategorySelect() {
  const { t } = useTranslation();
  const type = (useWatch({ name: 'content_type' }) as PageContentType | undefined) ?? 'page';
  if (type === 'page') return null;
  const name = CATEGORY_FIELDS[type];
  const api = CATEGORY_APIS[type];
  return (
    <ResourceSelect
      key={name}
      label={t(`pages.fields.${name}`)}
      spec={{ kind: 'resource', name, label: 'title', api: `/v1/${api}`, queryKey: api, optionLabel: (row) => String(row.title) }}
    />
  );
}

function UrlField() {
  const { t } = useTranslation();
  const url = (useWatch({ name: 'url' }) as string | undefined) ?? '';
  const trimmed = url.trim().replace(/^\/+|\/+$/g, '');
  return (
    <TextField
      name="url"
      label={t('pages.fields.url')}
      lang="en"
      spellCheck={false}
      autoCapitalize="none"
      description={trimmed ? t('pages.hints.url', { address: publicPageAddress(trimmed) }) : t('pages.hints.urlRule')}
      data-testid="page-url"
    />
  );
}

function DetailsTab() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TextareaField name="title" label={t('pages.fields.title')} minRows={2} />
      <UrlField />
      <DateTimeField name="published_at" label={t('pages.fields.published_at')} description={t('pages.hints.publishedAt')} />
      <RadioGroupField
        name="content_type"
        label={t('pages.fields.content_type')}
        options={PAGE_CONTENT_TYPES.map((type) => ({ value: type, label: t(`pages.contentTypes.${type}`) }))}
      />
      <CategorySelect />
      <PageImageField name="image" size={PHOTO} />
    </Stack>
  );
}

function SeoTab() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('pages.hints.seo')}
      </Text>
      <TextField name="meta_title" label={t('pages.fields.meta_title')} />
      <TextareaField name="meta_description" label={t('pages.fields.meta_description')} minRows={3} />
      <TextareaField name="meta_keywords" label={t('pages.fields.meta_keywords')} description={t('pages.hints.keywords')} />
    </Stack>
  );
}

function OgTab() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TextareaField name="og_description" label={t('pages.fields.og_description')} minRows={3} />
      <PageImageField name="og_image" size={OG_IMAGE} />
    </Stack>
  );
}

function ResourceTab() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TextareaField name="source_files_url" label={t('pages.fields.source_files_url')} description={t('pages.hints.sourceFiles')} lang="en" minRows={3} />
      <UploadField
        name="content_file"
        label={t('pages.fields.content_file')}
        description={t('pages.hints.pdf')}
        acceptedTypes={['application/pdf']}
        preview={false}
        folder="files"
      />
    </Stack>
  );
}

/**
 * When messages arrive and none is in view (all on hidden tabs), brings the tab of the first one
 * forward and that field into view: the form's own scroll found it while it was hidden.
 */
function useTabOfFirstError(active: PageTab, setTab: (tab: PageTab) => void) {
  const { errors, submitCount } = useFormState();
  const paths = errorPaths(errors);
  const key = paths.join(',');
  const showFirstError = useEffectEvent(() => {
    if (paths.some((path) => tabOf(path) === undefined || tabOf(path) === active)) return;
    const target = tabWithError(paths);
    if (!target) return;
    setTab(target);
    requestAnimationFrame(() => revealFirstError(document.querySelector<HTMLElement>(`[data-tab-panel="${target}"]`), paths));
  });
  useEffect(() => {
    if (key) showFirstError();
  }, [key, submitCount]);
}

export function PageFormBody() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PageTab>('details');
  useTabOfFirstError(tab, setTab);

  return (
    <Grid type="container" breakpoints={{ xs: '400px', sm: '640px', md: '900px', lg: '1100px', xl: '1300px' }} gap="lg">
      <Grid.Col span={{ base: 12, sm: 6, md: 7 }}>
        <RichTextField name="content" label={t('pages.fields.content')} minHeight={EDITOR_HEIGHT} testId="page-content-editor" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
        {/*
          Hidden tabs stay mounted with display: none, not inside React's <Activity> (Mantine's default),
          which tears down their effects: the upload widgets would lose their files when shown again.
        */}
        <Tabs value={tab} onChange={(next) => next && setTab(next as PageTab)} keepMounted keepMountedMode="display-none" variant="outline">
          <Tabs.List aria-label={t('pages.tabsLabel')} grow>
            {PAGE_TABS.map((name) => (
              <Tabs.Tab key={name} value={name} data-testid={`page-tab-${name}`}>
                {t(`pages.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="details" pt="md" data-tab-panel="details">
            <DetailsTab />
          </Tabs.Panel>
          <Tabs.Panel value="seo" pt="md" data-tab-panel="seo">
            <SeoTab />
          </Tabs.Panel>
          <Tabs.Panel value="og" pt="md" data-tab-panel="og">
            <OgTab />
          </Tabs.Panel>
          <Tabs.Panel value="resource" pt="md" data-tab-panel="resource">
            <ResourceTab />
          </Tabs.Panel>
        </Tabs>
      </Grid.Col>
    </Grid>
  );
}
