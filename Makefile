PREFIX ?= /usr/local
SWIFT ?= swift

.PHONY: demo test build release bench firmware clean

# Plays the built-in demo track on a panel drawn in this terminal (Ctrl-C ends it).
demo:
	@scripts/deps.sh build
	@$(SWIFT) build -c release --product tickerd
	@.build/release/tickerd --demo

# Everything CI runs: build with warnings as errors, all tests, sanitizers.
test:
	@scripts/gate

build:
	@scripts/deps.sh build
	$(SWIFT) build

release:
	@scripts/deps.sh build
	$(SWIFT) build -c release

# Prints the figures quoted in README.md.
bench: release
	.build/release/tickerbench

clean:
	rm -rf .build
