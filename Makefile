PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
SWIFT ?= swift
# Where the binaries that `make install` copies, and `make demo` runs, were built.
BUILDDIR ?= .build/release
# What `make release` adds to its builds: the package's build links the Swift runtime in (--static-swift-stdlib).
RELEASEFLAGS ?=

# Where each kind of file goes under PREFIX; the package's build (debian/rules) sets systemd's and udev's own
# folders and the shells' vendor folders.
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
SYSTEMDUSERUNITDIR ?= $(PREFIX)/lib/systemd/user
BASHCOMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPLETIONDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPLETIONDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The udev rule goes nowhere unless set: it names one board's ids, an example to copy (systemd/99-tickerd.rules).
UDEVRULESDIR ?=

BINDIR = $(DESTDIR)$(PREFIX)/bin
UNITDIR = $(DESTDIR)$(SYSTEMDUNITDIR)
USERUNITDIR = $(DESTDIR)$(SYSTEMDUSERUNITDIR)
DOCDIR = $(DESTDIR)$(PREFIX)/share/doc/tickerd
MANDIR = $(DESTDIR)$(PREFIX)/share/man
# Files the units refer to: the network drop-in (docs/SERVICE.md).
SHAREDIR = $(DESTDIR)$(PREFIX)/share/tickerd
CONFDIR = $(DESTDIR)$(SYSCONFDIR)/tickerd

# The system units and templates, the user unit and the drop-ins, all from systemd/. They name the programs by
# their path under /usr/local, which `make install` rewrites for PREFIX.
UNITS = tickerd.service tickerd.socket tickerd@.service tickerd@.socket tickerd-follow-mpd.service \
	tickerd-follow-shairport.service tickerd-follow-lms.service tickerd-follow-mqtt.service \
	tickerd-follow-mqtt@.service tickerd-icons.service tickerd-web.service tickerd-web@.service
USERUNITS = tickerd-follow-mpris.service
DROPINS = network.conf spi.conf
COMPLETIONS = $(DESTDIR)$(BASHCOMPLETIONDIR)/tickerctl $(DESTDIR)$(ZSHCOMPLETIONDIR)/_tickerctl \
	$(DESTDIR)$(FISHCOMPLETIONDIR)/tickerctl.fish

.PHONY: demo test build release deb bench firmware pictures install uninstall clean

# Plays the built-in demo track on a panel drawn in this terminal (Ctrl-C ends it). The demo runs as a job of
# its own (`set -m`), the terminal's foreground, so Ctrl-C reaches only the demo, which stops cleanly: make,
# interrupted too, would race it to reap it ("wait: No child processes"). A stopped job would be left behind
# when make ends, so Ctrl-Z is ignored.
demo:
	@scripts/deps.sh build
	@$(SWIFT) build -c release --product tickerd
	@set -m; trap '' TSTP; $(BUILDDIR)/tickerd --demo

# Everything CI runs: build with warnings as errors, all tests, sanitizers.
test:
	@scripts/gate

build:
	@scripts/deps.sh build
	$(SWIFT) build

release:
	@scripts/deps.sh build
	$(SWIFT) build -c release $(RELEASEFLAGS) --product tickerd
	$(SWIFT) build -c release $(RELEASEFLAGS) --product tickerctl

# The Debian package of this machine's architecture, tickerd_VERSION_ARCH.deb, here: built by debhelper
# (debian/rules) from a release build with the Swift runtime linked in, so the machine it is installed on needs
# no toolchain; then checked by lintian. `debian/rules clean` first, or debhelper would take the last package's
# build as done (the clean leaves the Swift builds alone).
deb:
	@scripts/deps.sh package
	debian/rules clean
	debian/rules binary
	lintian --fail-on error,warning tickerd_$$(dpkg-parsechangelog -S Version)_$$(dpkg --print-architecture).deb

# Prints the figures docs/FIGURES.md quotes.
bench:
	@scripts/deps.sh build
	$(SWIFT) build -c release
	.build/release/tickerbench
	.build/release/tickerbench daemon

# Draws the animated GIFs README.md shows (docs/pictures/) with the release tickerctl, and the web page's
# screenshot with headless Chromium.
pictures:
	@scripts/deps.sh build
	$(SWIFT) build -c release --product tickerctl
	$(SWIFT) build -c release --product tickerd
	scripts/pictures

# Builds every firmware image and prints their sizes.
firmware:
	@$(MAKE) -C Firmware

# Binaries, units (the plain ones and the templates for several panels), the network drop-in, configuration
# (kept if present), documentation, man pages and tickerctl's shell completions, in the usual places.
# Run `make release` first (as yourself); `sudo make install` then only copies files.
install:
	@test -x $(BUILDDIR)/tickerd -a -x $(BUILDDIR)/tickerctl || \
		{ echo "build first: make release" >&2; exit 1; }
	install -d $(BINDIR) $(UNITDIR) $(USERUNITDIR) $(DOCDIR) $(MANDIR)/man1 $(MANDIR)/man5 \
		$(MANDIR)/man8 $(CONFDIR) $(SHAREDIR) $(dir $(COMPLETIONS))
	install -m 0755 $(BUILDDIR)/tickerd $(BUILDDIR)/tickerctl $(BINDIR)/
	for unit in $(UNITS); do sed 's|/usr/local/|$(PREFIX)/|g' systemd/$$unit > $(UNITDIR)/$$unit; done
	for unit in $(USERUNITS); do sed 's|/usr/local/|$(PREFIX)/|g' systemd/$$unit > $(USERUNITDIR)/$$unit; done
	for dropin in $(DROPINS); do sed 's|/usr/local/|$(PREFIX)/|g' systemd/$$dropin > $(SHAREDIR)/$$dropin; done
	chmod 0644 $(addprefix $(UNITDIR)/,$(UNITS)) $(addprefix $(USERUNITDIR)/,$(USERUNITS)) \
		$(addprefix $(SHAREDIR)/,$(DROPINS))
	install -m 0644 README.md docs/*.md systemd/99-tickerd.rules $(DOCDIR)/
	$(if $(UDEVRULESDIR),install -D -m 0644 systemd/99-tickerd.rules $(DESTDIR)$(UDEVRULESDIR)/99-tickerd.rules)
	install -m 0644 docs/man/tickerctl.1 $(MANDIR)/man1/
	install -m 0644 docs/man/tickerd.conf.5 $(MANDIR)/man5/
	install -m 0644 docs/man/tickerd.8 $(MANDIR)/man8/
	$(BUILDDIR)/tickerctl completions bash > $(DESTDIR)$(BASHCOMPLETIONDIR)/tickerctl
	$(BUILDDIR)/tickerctl completions zsh > $(DESTDIR)$(ZSHCOMPLETIONDIR)/_tickerctl
	$(BUILDDIR)/tickerctl completions fish > $(DESTDIR)$(FISHCOMPLETIONDIR)/tickerctl.fish
	chmod 0644 $(COMPLETIONS)
	@if [ -e $(CONFDIR)/tickerd.conf ]; then \
		echo "keeping $(CONFDIR)/tickerd.conf; the shipped one is $(DOCDIR)/tickerd.conf"; \
		install -m 0644 Config/tickerd.conf $(DOCDIR)/; \
	else install -m 0644 Config/tickerd.conf $(CONFDIR)/; fi
	@if [ -z "$(DESTDIR)" ]; then \
		getent group tickerd >/dev/null || groupadd --system tickerd; \
		if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
		echo "installed; start with: systemctl enable --now tickerd.socket tickerd.service"; \
		echo "(or, one per panel: systemctl enable --now tickerd@NAME.socket tickerd@NAME.service)"; \
	fi

# Stops and disables every unit first, each panel's instances too (`disable` of a template disables them all;
# `stop` takes the running ones by pattern). Drop-ins under /etc/systemd/system are the administrator's and stay.
uninstall:
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then \
		systemctl stop 'tickerd@*.service' 'tickerd@*.socket' 'tickerd-follow-mqtt@*.service' \
			'tickerd-web@*.service' 2>/dev/null || true; \
		systemctl disable tickerd@.service tickerd@.socket tickerd-follow-mqtt@.service tickerd-web@.service \
			2>/dev/null || true; \
		systemctl disable --now tickerd.service tickerd.socket tickerd-icons.service tickerd-follow-mpd.service \
			tickerd-follow-shairport.service tickerd-follow-lms.service tickerd-follow-mqtt.service \
			tickerd-web.service 2>/dev/null || true; \
	fi
	rm -f $(BINDIR)/tickerd $(BINDIR)/tickerctl
	rm -f $(addprefix $(UNITDIR)/,$(UNITS)) $(addprefix $(USERUNITDIR)/,$(USERUNITS)) $(COMPLETIONS)
	$(if $(UDEVRULESDIR),rm -f $(DESTDIR)$(UDEVRULESDIR)/99-tickerd.rules)
	rm -rf $(DOCDIR) $(SHAREDIR)
	rm -f $(MANDIR)/man1/tickerctl.1 $(MANDIR)/man5/tickerd.conf.5 $(MANDIR)/man8/tickerd.8
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	@echo "left $(CONFDIR) and the tickerd group in place"

clean:
	rm -rf .build debian/tickerd debian/.debhelper debian/files debian/*.substvars debian/*.debhelper \
		debian/*.debhelper.log debian/debhelper-build-stamp \
		tickerd_*.deb
