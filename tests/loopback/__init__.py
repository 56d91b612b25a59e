"""A loopback fake Discord for end-to-end tests of the bot: see README.md beside this file."""
from .bots import pointed_at
from .loopback import Loopback
from .people import GuildView, InteractionFailed, Person
from .views import AttachmentView, ChannelView, MessageView, ModalView, Reply

__all__ = ["Loopback", "GuildView", "Person", "InteractionFailed", "ChannelView", "MessageView",
           "AttachmentView", "ModalView", "Reply", "pointed_at"]
