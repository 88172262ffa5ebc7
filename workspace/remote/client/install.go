package client

import (
	"context"
	"fmt"
	"os"
	"path"
	"strings"

	"amux.dev/amux/config"
	"amux.dev/amux/workspace/remote/proto"
)

// Install copies this machine's amux binary (localBin, a static build) to
// remotePath on the host over the shared connection (empty remotePath:
// DefaultInstallPath, relative to the login directory), then checks the
// copy by running it with --version there: it must say this amux's
// version. The UI asks first and shows remotePath; Install never runs on
// its own. The copy goes to a temporary name and is renamed into place, so
// a running amux there is never overwritten mid-write.
func Install(ctx context.Context, o Options, localBin, remotePath string) error {
	if remotePath == "" {
		remotePath = DefaultInstallPath
	}
	if config.CheckProgram(remotePath) != nil || strings.Contains(remotePath, "..") {
		return fmt.Errorf("install: %q is not a plain path (letters, digits, . _ / + - only)", remotePath)
	}
	bin, err := os.ReadFile(localBin)
	if err != nil {
		return fmt.Errorf("install: read %s: %w", localBin, err)
	}
	part := remotePath + ".part"
	script := "umask 022 && mkdir -p " + path.Dir(remotePath) + " && cat > " + part +
		" && chmod 755 " + part + " && mv -f " + part + " " + remotePath
	if _, err := o.run(ctx, bin, script); err != nil {
		return fmt.Errorf("install: copy to %s:%s: %w", o.Dest, remotePath, err)
	}
	out, err := o.run(ctx, nil, remotePath, "--version")
	if err != nil {
		return fmt.Errorf("install: the copy at %s:%s does not run: %w", o.Dest, remotePath, err)
	}
	if got, want := strings.TrimSpace(out), "amux "+o.Version; got != want {
		return fmt.Errorf("install: the copy at %s:%s says %q, not %q", o.Dest, remotePath, proto.Clean(got), want)
	}
	return nil
}
