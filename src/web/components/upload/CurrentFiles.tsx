/**
 * The field's current value (spec §2 "Upload field"): a 100×100 preview of each stored image, or a
 * link that opens the stored file in a new tab; plus the hidden input holding the value.
 */
import { Anchor, Group, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileUrl, isImagePath, PREVIEW_SIZE } from './uploadValue';

export function CurrentFiles({ name, paths, allowMultiple, preview }: { name: string; paths: readonly string[]; allowMultiple: boolean; preview: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {allowMultiple ? (
        paths.map((path) => <input key={path} type="hidden" name={`${name}[]`} value={path} />)
      ) : (
        <input type="hidden" name={name} value={paths[0] ?? ''} />
      )}
      {paths.length > 0 && (
        <Group gap="sm" mt="xs" data-testid={`current-${name}`}>
          {paths.map((path) =>
            preview && isImagePath(path) ? (
              <Anchor key={path} href={fileUrl(path)} target="_blank" rel="noopener noreferrer">
                <Image
                  src={fileUrl(path)}
                  alt={t('upload.previewAlt')}
                  w={PREVIEW_SIZE}
                  h={PREVIEW_SIZE}
                  fit="cover"
                  radius="sm"
                  bd="1px solid var(--mantine-color-gray-3)"
                />
              </Anchor>
            ) : (
              <Anchor key={path} href={fileUrl(path)} target="_blank" rel="noopener noreferrer" size="sm">
                {t('upload.visitFile')}
              </Anchor>
            ),
          )}
        </Group>
      )}
    </>
  );
}
