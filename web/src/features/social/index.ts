export { FriendsScreen } from './components/friends-screen';
export { FriendRequestsScreen } from './components/friend-requests-screen';
export { SentRequestsScreen } from './components/sent-requests-screen';
export { FollowingScreen } from './components/following-screen';
