package atomicfile

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The self-update replacement, as the orchestration contract states it: the
// running executable is backed up by copy (never moved), the verified
// replacement is renamed over the live path in one same-directory rename,
// and the directory is synced around that rename. A kill before the rename
// leaves the old binary at the live path, a kill after it the new one; the
// live path is never vacant. If the sync after the rename fails, the
// complete backup stays where it was reported and the error carries the
// quoted mv command that puts it back — the live binary is never rolled
// back silently. Concurrent replacements are not serialized (the contract
// is single-process), so no lock is taken beside the binary.

// MaxExecutableSize bounds the candidate binary amux copies.
const MaxExecutableSize = 1 << 30

// stagedPrefix names the staged copy beside the live binary; SweepStaged
// removes the ones a killed replacement left.
const stagedPrefix = ".amux-update-"

// ReplaceOptions tune ReplaceExecutable.
type ReplaceOptions struct {
	// Backup is where the copy of the live binary goes; empty means
	// <live>.previous, beside it.
	Backup string
	// Verify checks the staged copy — the exact file that will be renamed
	// over the live path — before the rename (the caller runs it and asks
	// for its version). An error stops the replacement.
	Verify func(staged string) error
	// SyncDir syncs a directory; nil is an fsync of it. A test hook for the
	// failure the contract describes.
	SyncDir func(dir string) error
}

// Replaced says what ReplaceExecutable did.
type Replaced struct {
	Live   string // the path now holding the new binary
	Backup string // the complete copy of the old one
	// Swept are staged copies an earlier, killed replacement left beside
	// the binary, removed before this one staged its own.
	Swept []string
}

// staleStaged is how old a staged copy must be to be another, killed
// replacement's: a live one stages and renames within seconds.
const staleStaged = 10 * time.Minute

// SyncAfterError is a replacement whose rename happened but whose directory
// sync afterwards failed: the new binary is at Live, but a power loss could
// still bring the old entry back. The old binary is kept whole at Backup.
type SyncAfterError struct {
	Live, Backup string
	Err          error
}

// Error implements error; it ends with the command that restores the old
// binary.
func (e *SyncAfterError) Error() string {
	return fmt.Sprintf("the new binary is at %s but its directory could not be synced (%v); the old binary is kept at %s — to go back: %s",
		e.Live, e.Err, e.Backup, RecoveryCommand(e.Backup, e.Live))
}

// Unwrap returns the sync's error.
func (e *SyncAfterError) Unwrap() error { return e.Err }

// RecoveryCommand is the shell command that moves backup back over live,
// each path quoted for sh.
func RecoveryCommand(backup, live string) string {
	return "mv -f -- " + ShellQuote(backup) + " " + ShellQuote(live)
}

// ShellQuote quotes s for a POSIX shell: in single quotes, each quote in s
// closed, escaped with a backslash and reopened.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ReplaceExecutable replaces the executable at live (symlinks resolved: the
// file they lead to is replaced, so a link keeps working) with a copy of
// candidate, by the contract above: stage a copy beside it, check the copy
// is what was read, Verify it, back the live binary up by copy, sync the
// directory, rename, sync again. On an error before the rename the live
// binary is untouched and the staged copy is removed; the backup is
// written only once the candidate passed Verify.
func ReplaceExecutable(live, candidate string, opts ReplaceOptions) (Replaced, error) {
	sync := opts.SyncDir
	if sync == nil {
		sync = syncDir
	}
	real, err := filepath.EvalSymlinks(live)
	if err != nil {
		return Replaced{}, fmt.Errorf("the running binary %s: %w", live, err)
	}
	liveInfo, err := os.Stat(real)
	if err != nil {
		return Replaced{}, err
	}
	if !liveInfo.Mode().IsRegular() {
		return Replaced{}, fmt.Errorf("the running binary %s is not a regular file", real)
	}
	if same, err := sameFile(real, candidate); err != nil || same {
		if err == nil {
			err = fmt.Errorf("%s is the running binary itself", candidate)
		}
		return Replaced{}, err
	}
	dir := filepath.Dir(real)
	swept := SweepStaged(dir, staleStaged, time.Now())
	backup := opts.Backup
	if backup == "" {
		backup = real + ".previous"
	}
	res := Replaced{Live: real, Backup: backup, Swept: swept}
	mode := liveInfo.Mode().Perm() | 0o100 // the owner can run it, whatever it was
	staged, sum, err := stage(dir, candidate, mode)
	if err != nil {
		return res, err
	}
	done := false
	defer func() {
		if !done {
			os.Remove(staged)
		}
	}()
	if err := checkStaged(staged, sum); err != nil {
		return res, err
	}
	if opts.Verify != nil {
		if err := opts.Verify(staged); err != nil {
			return res, fmt.Errorf("%s does not run as an amux binary: %w", candidate, err)
		}
	}
	// Only once the replacement is known good, so a refused candidate
	// leaves an earlier backup alone.
	if err := copyBackup(real, backup, liveInfo.Mode().Perm()); err != nil {
		return res, fmt.Errorf("backing up %s: %w", real, err)
	}
	// Before the rename: the backup's and the staged copy's entries are
	// durable, so whichever name survives a crash is a whole binary.
	if err := sync(dir); err != nil {
		return res, fmt.Errorf("syncing %s before the replacement: %w", dir, err)
	}
	if err := os.Rename(staged, real); err != nil {
		return res, fmt.Errorf("replacing %s: %w", real, err)
	}
	done = true
	if err := sync(dir); err != nil {
		return res, &SyncAfterError{Live: real, Backup: backup, Err: err}
	}
	return res, nil
}

// copyBackup writes a whole copy of live at backup: through a temp file
// and a rename, so backup is never half a binary.
func copyBackup(live, backup string, perm fs.FileMode) error {
	src, err := openFollowing(live)
	if err != nil {
		return err
	}
	defer src.Close()
	tmp, err := os.CreateTemp(filepath.Dir(backup), "."+filepath.Base(backup)+".tmp-*")
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := io.Copy(tmp, io.LimitReader(src, MaxExecutableSize+1)); err != nil {
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), backup); err != nil {
		return err
	}
	ok = true
	return nil
}

// stage copies candidate (a regular file, opened without blocking, at most
// MaxExecutableSize) into a temp file in dir, fsynced, with mode; it
// returns the file and the SHA-256 of what it read.
func stage(dir, candidate string, mode fs.FileMode) (string, []byte, error) {
	src, err := openFollowing(candidate)
	if err != nil {
		return "", nil, decorate(err, candidate, "", candidate)
	}
	defer src.Close()
	if fi, err := src.Stat(); err != nil || fi.Size() > MaxExecutableSize || fi.Size() == 0 {
		if err == nil {
			err = fmt.Errorf("%s is %d bytes: not a plausible binary", candidate, fi.Size())
		}
		return "", nil, err
	}
	tmp, err := os.CreateTemp(dir, stagedPrefix+"*")
	if err != nil {
		return "", nil, fmt.Errorf("staging beside the running binary: %w", err)
	}
	h := sha256.New()
	_, err = io.Copy(io.MultiWriter(tmp, h), io.LimitReader(src, MaxExecutableSize))
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", nil, fmt.Errorf("staging %s: %w", candidate, err)
	}
	return tmp.Name(), h.Sum(nil), nil
}

// checkStaged re-reads the staged copy and compares it with what was read
// from the candidate: the rename must put exactly those bytes in place.
func checkStaged(staged string, sum []byte) error {
	f, err := os.Open(staged)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	if !bytes.Equal(h.Sum(nil), sum) {
		return errors.New("the staged copy differs from the candidate (it changed while being copied?)")
	}
	return nil
}

func sameFile(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}

// SweepStaged removes staged copies a killed replacement left in dir that
// are older than age (a younger one may be another replacement's, running).
func SweepStaged(dir string, age time.Duration, now time.Time) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), stagedPrefix) || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil || now.Sub(fi.ModTime()) < age {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if os.Remove(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}
