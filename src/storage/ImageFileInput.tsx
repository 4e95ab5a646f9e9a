import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { FieldTitle, useInput, useResourceContext, useTranslate } from 'react-admin';
import { bucketRules, checkImageBytes, fileProblem, formatBytes, type BucketRef } from '../domain/storage';
import { onUploading } from './uploads';
import { fieldLabel } from '../i18n/resourceText';

/** Whether the provider is uploading a chosen file (src/storage/uploads.ts). */
function useUploading() {
  const [uploading, setUploading] = useState(false);
  useEffect(() => onUploading(setUploading), []);
  return uploading;
}

/**
 * An image to upload with the record: chosen with the button, dropped on the field or pasted into
 * it (the clipboard's image, e.g. a screenshot just taken). A file the bucket would refuse (type
 * by name and by its first bytes, size) is not kept: the reason shows under the field. A kept file
 * shows as a preview; the provider uploads it when the form is saved, with a progress bar meanwhile.
 */
export function ImageFileInput({ source, bucket }: { source: string; bucket: BucketRef }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { field, fieldState } = useInput({ source, defaultValue: null });
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const uploading = useUploading();
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const file = field.value instanceof File ? field.value : null;
  const preview = useObjectUrl(file);
  const limit = formatBytes(bucketRules(bucket).fileSizeLimit);

  const take = async (chosen: File | null | undefined) => {
    if (!chosen) return;
    const refusal = fileProblem(chosen, bucket) ?? (await checkImageBytes(chosen, bucket));
    setProblem(refusal ? `${chosen.name}: ${translate(refusal)}` : null);
    if (!refusal) field.onChange(chosen);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };
  const onPaste = (event: ClipboardEvent) => {
    const pasted = [...event.clipboardData.files][0];
    if (!pasted) return;
    event.preventDefault();
    void take(pasted);
  };
  const shownError = fieldState.error?.message;
  const error = problem ?? (shownError ? translate(shownError) : null);

  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="span" variant="caption" color="text.secondary">
        <FieldTitle source={source} resource={resource} />
      </Typography>
      <Box
        role="group"
        tabIndex={0}
        aria-label={fieldLabel(translate, resource ?? '', source)}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
        onPaste={onPaste}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          mt: 0.5,
          p: 1.5,
          border: 1,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {preview && (
            <Box
              component="img"
              src={preview}
              alt={translate('labellens.upload.preview')}
              sx={{ width: 96, height: 64, objectFit: 'cover', borderRadius: 1 }}
            />
          )}
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadFileIcon />}
            onClick={() => picker.current?.click()}
            disabled={uploading}
            sx={{ minHeight: 44 }}
          >
            {translate('labellens.upload.choose')}
          </Button>
          {file && (
            <>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: '1 1 8rem' }}>
                {translate('labellens.upload.chosen', { name: file.name })}
              </Typography>
              <IconButton
                aria-label={translate('labellens.upload.remove')}
                onClick={() => field.onChange(null)}
                disabled={uploading}
                sx={{ width: 44, height: 44 }}
              >
                <CloseIcon />
              </IconButton>
            </>
          )}
        </Stack>
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate(file ? 'labellens.upload.replaces_url' : 'labellens.upload.hint', { limit })}
        </Typography>
        {uploading && file && (
          <Box sx={{ mt: 1 }} role="status">
            <LinearProgress aria-label={translate('labellens.upload.uploading')} />
            <Typography variant="caption">{translate('labellens.upload.uploading')}</Typography>
          </Box>
        )}
        <input
          ref={picker}
          type="file"
          hidden
          accept={bucketRules(bucket).allowedMimeTypes.join(',')}
          onChange={(event) => {
            void take(event.target.files?.[0]);
            // The same file chosen again (after Remove) is a change too.
            event.target.value = '';
          }}
        />
      </Box>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** An object URL for the file's preview, released when the file changes or the field goes. */
function useObjectUrl(file: File | null) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}
