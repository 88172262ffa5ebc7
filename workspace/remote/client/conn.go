package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/proto"
)

// conn is one live protocol connection: an ssh channel running the host
// side, the requests in flight on it, and the state the host pushed.
type conn struct {
	o     Options
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *proto.Writer
	hello proto.Hello

	mu      sync.Mutex
	nextID  uint64
	pending map[uint64]*call
	later   map[uint64]chan workspace.ScriptResult
	watches map[uint64]*changeWatch
	state   State
	err     error // why the connection ended; set before done closes

	done    chan struct{}
	changed func() // the pushed state changed (the Host's notifier)
}

// call is one request waiting for its reply; steps and output go to the
// caller's sinks as they arrive, before the reply.
type call struct {
	observe workspace.Observer
	output  io.Writer
	later   chan workspace.ScriptResult // RunOnDone's deferred result
	id      uint64
	reply   chan proto.Message
}

func (c *conn) forgetLater(cl *call) {
	c.mu.Lock()
	delete(c.later, cl.id)
	c.mu.Unlock()
}

// dial starts ssh, checks the hellos and reads the snapshot.
func dial(ctx context.Context, o Options, changed func()) (*conn, error) {
	var last error
	for _, prog := range o.programs() {
		c, err := dialProgram(ctx, o, prog, changed)
		if err == nil {
			return c, nil
		}
		last = err
		var ni *NotInstalledError
		if !errors.As(err, &ni) {
			return nil, err
		}
	}
	return nil, last
}

func dialProgram(ctx context.Context, o Options, prog string, changed func()) (*conn, error) {
	timeout := o.HelloTimeout
	if timeout <= 0 {
		timeout = DefaultHelloTimeout
	}
	// The process outlives ctx (it is the connection); ctx bounds the hellos.
	cmd, err := o.command(context.Background(), remoteCommand(prog)...)
	if err != nil {
		return nil, err
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &capped{max: 8 << 10}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("remote host: start ssh: %w", err)
	}
	c := &conn{o: o, cmd: cmd, stdin: stdin, out: proto.NewWriter(stdin), pending: map[uint64]*call{},
		later: map[uint64]chan workspace.ScriptResult{}, watches: map[uint64]*changeWatch{},
		done: make(chan struct{}), changed: changed}
	rd := proto.NewReader(stdout, proto.MaxHostLine)

	type first struct {
		hello, snap proto.Message
		err         error
	}
	got := make(chan first, 1)
	go func() {
		var f first
		if f.hello, f.err = rd.Read(); f.err == nil && f.hello.Type == proto.TypeHello {
			if err := c.checkHello(f.hello.Hello); err != nil {
				f.err = err
			} else if f.snap, f.err = rd.Read(); f.err == nil && f.snap.Type != proto.TypeSnapshot {
				f.err = c.refused(f.snap)
			}
		} else if f.err == nil {
			f.err = c.refused(f.hello)
		}
		got <- f
	}()
	var f first
	select {
	case f = <-got:
	case <-time.After(timeout):
		f.err = fmt.Errorf("no answer within %s", timeout)
	case <-ctx.Done():
		f.err = ctx.Err()
	}
	if f.err != nil {
		_ = stdin.Close()
		_ = cmd.Process.Kill()
		werr := cmd.Wait()
		if se := (&sshError{err: werr, stderr: proto.Clean(strings.TrimSpace(stderr.String())), code: exitCode(werr)}); werr != nil && isProtocolEnd(f.err) {
			return nil, o.classify(ctx, se)
		}
		return nil, f.err
	}
	c.state = stateFrom(f.snap.Snapshot)
	go c.readLoop(rd, stderr)
	return c, nil
}

// isProtocolEnd is a read that failed because the process ended: ssh's
// exit status and stderr say why, not the protocol.
func isProtocolEnd(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

func (c *conn) checkHello(h *proto.Hello) error {
	if h == nil {
		return errors.New("remote host: empty hello")
	}
	c.hello = *h
	if h.Proto != proto.Version || h.Amux != c.o.Version {
		ve := &VersionError{Dest: c.o.Dest, Local: c.o.Version, Host: proto.Clean(h.Amux),
			LocalProto: proto.Version, HostProto: h.Proto}
		_ = c.out.Write(proto.Message{Type: proto.TypeRefuse, Text: ve.Error()})
		return ve
	}
	return c.out.Write(proto.Message{Type: proto.TypeHello, Hello: &proto.Hello{Proto: proto.Version, Amux: c.o.Version}})
}

func (c *conn) refused(m proto.Message) error {
	if m.Type == proto.TypeRefuse {
		return &RefusedError{Dest: c.o.Dest, Reason: proto.Clean(m.Text)}
	}
	return fmt.Errorf("remote host: expected %s, got %q", proto.TypeSnapshot, proto.Clean(m.Type))
}

// readLoop routes the host's messages until the stream ends.
func (c *conn) readLoop(rd *proto.Reader, stderr *capped) {
	var err error
	for {
		var m proto.Message
		if m, err = rd.Read(); err != nil {
			break
		}
		c.route(m)
	}
	_ = c.stdin.Close()
	werr := c.cmd.Wait()
	if why := proto.Clean(strings.TrimSpace(stderr.String())); why != "" {
		err = errors.New(why)
	} else if werr != nil {
		err = werr
	}
	c.end(err)
}

func (c *conn) route(m proto.Message) {
	switch m.Type {
	case proto.TypeReply:
		c.mu.Lock()
		cl := c.pending[m.ID]
		delete(c.pending, m.ID)
		c.mu.Unlock()
		if cl != nil {
			cl.reply <- m
		}
	case proto.TypeStep:
		if cl := c.callOf(m.ID); cl != nil && cl.observe != nil && m.Step != nil {
			cl.observe(m.Step.Op, m.Step.Step, m.Step.ID)
		}
	case proto.TypeOutput:
		if cl := c.callOf(m.ID); cl != nil && cl.output != nil {
			_, _ = io.WriteString(cl.output, m.Text)
		}
	case proto.TypeLater:
		c.mu.Lock()
		ch := c.later[m.ID]
		delete(c.later, m.ID)
		c.mu.Unlock()
		var r workspace.ScriptResult
		if ch != nil && json.Unmarshal(m.Result, &r) == nil {
			ch <- r
		}
	case proto.TypeChanged:
		c.mu.Lock()
		w := c.watches[m.Watch]
		c.mu.Unlock()
		if w != nil {
			w.signal()
		}
	case proto.TypeSessions, proto.TypeRecords:
		c.mu.Lock()
		if m.Type == proto.TypeSessions {
			c.state.Sessions = cleanSessions(m.Sessions)
		} else {
			c.state.Records = cleanRecords(m.Records)
			if m.Projects != nil {
				c.state.Projects = cleanProjects(m.Projects)
			}
		}
		c.state.Updated = time.Now()
		c.mu.Unlock()
		if c.changed != nil {
			c.changed()
		}
	}
}

func (c *conn) callOf(id uint64) *call {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pending[id]
}

// end fails every request in flight and closes every watch's channel.
func (c *conn) end(err error) {
	if err == nil {
		err = io.EOF
	}
	c.mu.Lock()
	c.err = err
	pending, watches := c.pending, c.watches
	c.pending, c.watches = map[uint64]*call{}, map[uint64]*changeWatch{}
	c.later = map[uint64]chan workspace.ScriptResult{}
	c.mu.Unlock()
	for _, cl := range pending {
		cl.reply <- proto.Message{Type: proto.TypeReply, Err: &proto.Error{Text: "connection lost: " + err.Error()}}
	}
	for _, w := range watches {
		// One last signal: whoever watches reads again and learns the host
		// is unreachable.
		w.signal()
	}
	close(c.done)
}

// close ends the connection: the ssh channel goes, the shared master stays
// for ControlPersist.
func (c *conn) close() {
	_ = c.stdin.Close()
	select {
	case <-c.done:
	case <-time.After(5 * time.Second):
		_ = c.cmd.Process.Kill()
		<-c.done
	}
}

// request sends op and waits for its reply; result (a pointer) receives
// the reply's value. A caller that gives up cancels the request on the
// host.
func (c *conn) request(ctx context.Context, cl *call, result any, op string, args ...any) error {
	raw, err := proto.Args(args...)
	if err != nil {
		return err
	}
	cl.reply = make(chan proto.Message, 1)
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return c.err
	}
	c.nextID++
	id := c.nextID
	cl.id = id
	c.pending[id] = cl
	if cl.later != nil {
		c.later[id] = cl.later
	}
	c.mu.Unlock()
	if err := c.out.Write(proto.Message{Type: proto.TypeRequest, ID: id, Op: op, Args: raw, Out: cl.output != nil}); err != nil {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return err
	}
	select {
	case m := <-cl.reply:
		if m.Err != nil {
			return m.Err.Decode()
		}
		if result != nil && len(m.Result) > 0 {
			if err := json.Unmarshal(m.Result, result); err != nil {
				return fmt.Errorf("remote host: %s: bad reply: %w", op, err)
			}
		}
		return nil
	case <-ctx.Done():
		_ = c.out.Write(proto.Message{Type: proto.TypeCancel, ID: id})
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return ctx.Err()
	}
}
