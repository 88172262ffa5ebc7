package client

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"amux.dev/amux/workspace/remote/proto"
)

// Forwarding is one TCP port of the host reached from this machine: a
// connection to 127.0.0.1:Local here is carried over the host's shared
// connection to localhost:Remote there (a workspace's dev server, say).
type Forwarding struct {
	Local, Remote int
}

// String is the forwarding as ssh's -L spells it: listening on loopback
// only, so nothing else on the network reaches the host through it.
func (f Forwarding) String() string {
	return "127.0.0.1:" + strconv.Itoa(f.Local) + ":localhost:" + strconv.Itoa(f.Remote)
}

func (f Forwarding) valid() bool {
	return f.Local > 0 && f.Local <= 65535 && f.Remote > 0 && f.Remote <= 65535
}

// SamePorts forwards each port to the same number here (a workspace's port
// range, shown at the numbers its scripts print).
func SamePorts(ports ...int) []Forwarding {
	fw := make([]Forwarding, len(ports))
	for i, p := range ports {
		fw[i] = Forwarding{Local: p, Remote: p}
	}
	return fw
}

// Forward asks the host's master connection to forward each port (ssh -O
// forward): no new connection, no listener but ssh's own on 127.0.0.1.
// The forwardings are kept (Forwarded) and asked for again whenever the
// connection is remade. A port already in use here fails alone; the error
// names each that failed, the others are forwarded.
func (h *Host) Forward(ctx context.Context, fw ...Forwarding) error {
	if _, err := h.live(); err != nil {
		return err
	}
	var errs []error
	for _, f := range fw {
		if err := h.control(ctx, "forward", f); err != nil {
			errs = append(errs, err)
			continue
		}
		h.mu.Lock()
		if !slices.Contains(h.fwd, f) {
			h.fwd = append(h.fwd, f)
		}
		h.mu.Unlock()
	}
	h.notify()
	return errors.Join(errs...)
}

// Unforward cancels forwardings (ssh -O cancel); they are no longer kept
// whether or not the master still had them.
func (h *Host) Unforward(ctx context.Context, fw ...Forwarding) error {
	h.mu.Lock()
	h.fwd = slices.DeleteFunc(h.fwd, func(f Forwarding) bool { return slices.Contains(fw, f) })
	h.mu.Unlock()
	h.notify()
	var errs []error
	for _, f := range fw {
		if err := h.control(ctx, "cancel", f); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Forwarded lists the forwardings kept, in the order they were made.
func (h *Host) Forwarded() []Forwarding {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.fwd)
}

// reforward asks again for every kept forwarding on a new connection (a
// master that outlived the drop still has them: asking again is a no-op).
func (h *Host) reforward(ctx context.Context) {
	for _, f := range h.Forwarded() {
		_ = h.control(ctx, "forward", f)
	}
}

// control runs one ssh -O command for f against the master.
func (h *Host) control(ctx context.Context, op string, f Forwarding) error {
	if !f.valid() {
		return fmt.Errorf("remote host: %d→%d is not a pair of TCP ports", f.Local, f.Remote)
	}
	o := h.o.ssh()
	if err := o.Check(); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, o.Program(), o.ControlArgs(op, "-L", f.String())...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		why := proto.Clean(strings.TrimSpace(string(out)))
		if why == "" {
			why = err.Error()
		}
		return fmt.Errorf("remote host: %s port %d (host port %d): %s", op, f.Local, f.Remote, why)
	}
	return nil
}
