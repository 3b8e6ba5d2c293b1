import { useTranslation } from 'react-i18next';
import popupStyles from '../../../ui/popups.module.css';
import ui from '../../components/ui.module.css';
import styles from './content.module.css';
import { useSanitisedPreview } from './queries.ts';

/**
 * The popup or notice as a member will see it: the member site's own popup styles around the
 * server-sanitised HTML. Scripts, handlers and unsafe links are already gone when it arrives.
 */
export function PopupPreview({
  title,
  titleColor,
  contents,
}: {
  title: string;
  titleColor?: string;
  contents: string;
}) {
  const { t } = useTranslation();
  const preview = useSanitisedPreview(contents);
  return (
    <figure className={styles.previewFrame} aria-label={t('content.preview')}>
      <figcaption className={ui.muted}>{t('content.previewCaption')}</figcaption>
      <div className={`${popupStyles.popup} ${styles.previewPopup}`}>
        <div
          translate="no"
          className={popupStyles.handle}
          style={titleColor ? { color: titleColor } : undefined}
        >
          {title || t('content.title')}
        </div>
        <div
          translate="no"
          className={popupStyles.body}
          data-testid="content-preview"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's allow-list sanitiser produced it
          dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }}
        />
      </div>
    </figure>
  );
}
